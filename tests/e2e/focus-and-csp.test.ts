/**
 * At 390×844: the app shell runs under its Content-Security-Policy with no violation on any
 * screen, and a control reached with Tab on any form is fully visible (WCAG 2.2 SC 2.4.11): not
 * under the fixed bottom bar, not above the top edge or under a toast. The campaign form with
 * 'Enviar Agora' focused, 'Bairro' of the store data and the assistant's instructions are saved to
 * /tmp/focus-shots to look at.
 */
import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhoneContext } from './browser';
import { type ApiOwner, api, createOwnerWithStorefront, signIn } from './offline-helpers';

const SHOTS = '/tmp/focus-shots';
let browser: Browser;
let page: Page;
let owner: ApiOwner;
let slug: string;
const violations: string[] = [];

/** Recorded in the page (before any of its scripts) and from the console. */
async function watchViolations(p: Page) {
  await p.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const w = window as unknown as { __csp?: string[] };
      w.__csp = w.__csp ?? [];
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  p.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
}

const pageViolations = () =>
  page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);

/**
 * Tabs through the screen (at most `steps` times) and answers each focused control that is not
 * fully inside the visible area: the viewport less the bottom bar (when the control is not in a
 * dialog, which sits above the bar).
 */
async function tabAndCheck(label: string, steps = 60, on: Page = page): Promise<string[]> {
  const page = on;
  const hidden: string[] = [];
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    (window as { tabFirst?: Element | null }).tabFirst = null;
  });
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(async () => {
      // Measured where things come to rest: a toast sliding in (300 ms) passes the top edge on
      // its way, as does the page it pushes down; a transient, not a control left hidden. An
      // endless animation (a spinner, a pulsing dot) never finishes: not waited for.
      const finite = document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
      const settled = Promise.all(finite.map((a) => a.finished.catch(() => null)));
      await Promise.race([settled, new Promise((r) => setTimeout(r, 1000))]);
      const el = document.activeElement as HTMLElement | null;
      // Back at the first control reached: the whole cycle has been seen.
      const w = window as { tabFirst?: Element | null };
      if (el && el !== document.body) {
        if (el === w.tabFirst) return 'cycle';
        w.tabFirst ??= el;
      }
      // The bar's own tabs are the bar: what must not hide under it is the screen.
      if (!el || el === document.body || el.closest('[data-bottom-bar]')) return null;
      // A toast that finished closing is hidden (visibility), not obscured.
      if (!el.checkVisibility({ visibilityProperty: true })) return null;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return null;
      const bar = document.querySelector('[data-bottom-bar]');
      const inDialog = Boolean(el.closest('[role="dialog"]'));
      const bottom = !inDialog && bar ? bar.getBoundingClientRect().top : window.innerHeight;
      // An open toast at the top covers what lies under it (a toast's own buttons excepted).
      const toast = document.querySelector(
        '[data-part="group"][data-placement="top"] [data-part="root"][data-state="open"]',
      );
      const top = toast && !toast.contains(el) ? toast.getBoundingClientRect().bottom : 0;
      const name =
        el.getAttribute('aria-label') ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.textContent ||
        el.tagName;
      const ok = r.top >= top - 0.5 && r.bottom <= bottom + 0.5;
      return {
        ok,
        what: `${name.trim().slice(0, 40)} [${Math.round(r.top)}–${Math.round(r.bottom)} / ${Math.round(top)}–${Math.round(bottom)}]`,
      };
    });
    if (found === 'cycle') break;
    if (found && !found.ok) hidden.push(`${label}: ${found.what}`);
  }
  return hidden;
}

/** How much of the control's height is inside the viewport and above the bottom bar (0–1). */
function visibleShare(control: Locator): Promise<number> {
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const bar = document.querySelector('[data-bottom-bar]');
    const bottom = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    const seen = Math.min(r.bottom, bottom) - Math.max(r.top, 0);
    return Math.round((Math.max(0, seen) / r.height) * 100) / 100;
  });
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const baseUrl = inject('baseUrl');
  ({ owner, slug } = await createOwnerWithStorefront(baseUrl, 'Loja do Foco'));
  browser = await launchBrowser();
  const context = await newPhoneContext(browser, baseUrl);
  page = await context.newPage();
  await watchViolations(page);
  await signIn(page, owner);
});
afterAll(async () => {
  await browser?.close();
});

describe('the app shell under its Content-Security-Policy', () => {
  it('the shell carries the policy and every screen loads without a violation', async () => {
    const res = await page.goto('/');
    const policy = res?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("unsafe-inline' ;");
    expect(policy).toContain("frame-ancestors 'none'");
    for (const path of [
      '/',
      '/produtos',
      '/clientes',
      '/campanhas',
      '/pedidos',
      '/relatorios',
      '/configuracoes',
      '/configuracoes/dados-cadastrais',
      '/configuracoes/horario-funcionamento',
      '/configuracoes/whatsapp-agente',
    ]) {
      await page.goto(path);
      await page.locator('main, form, h1').first().waitFor();
      await page.waitForTimeout(300);
      expect(await pageViolations(), path).toEqual([]);
    }
    // The signed-in first screen came from the inline start-up script, allowed by its hash.
    expect(
      await page.evaluate(() => document.getElementById('root')?.childElementCount),
    ).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });
});

describe('a focused control is never under the bottom bar', () => {
  it('the campaign form, Enviar Agora included', async () => {
    await page.goto('/campanhas');
    await page.getByLabel('Título da Campanha').waitFor();
    const hidden = await tabAndCheck('/campanhas', 40);
    await page.getByLabel('Enviar Agora').focus();
    await page.screenshot({ path: `${SHOTS}/campanhas-enviar-agora.png` });
    const box = await page.getByLabel('Enviar Agora').boundingBox();
    const barTop = await page
      .locator('[data-bottom-bar]')
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(box && box.y + box.height).toBeLessThanOrEqual(barTop);
    expect(hidden).toEqual([]);
  });

  it('the product and customer forms, and the lists', async () => {
    const hidden: string[] = [];
    await page.goto('/produtos');
    await page.getByRole('button', { name: 'Novo' }).click();
    await page.getByLabel('Nome do Produto').waitFor();
    hidden.push(...(await tabAndCheck('produto', 30)));
    await page.keyboard.press('Escape');
    hidden.push(...(await tabAndCheck('/produtos', 20)));
    await page.goto('/clientes');
    await page.getByRole('button', { name: 'Cadastrar' }).first().click();
    await page.getByLabel('Número do Celular (com DDD)').waitFor();
    hidden.push(...(await tabAndCheck('cliente', 30)));
    await page.keyboard.press('Escape');
    hidden.push(...(await tabAndCheck('/clientes', 20)));
    expect(hidden).toEqual([]);
  });

  // Found on 2026-11-28 (issue 35 point 17) before src/ui/keep-focus-in-view.ts: on the store data
  // a focused 'Bairro' ended 25 px below the viewport once the CEP lookup's error toast pushed the
  // page down, and the assistant's instructions were focused partly below the viewport.
  it('the settings forms, Segurança included', async () => {
    const hidden: string[] = [];
    for (const path of [
      '/configuracoes',
      '/configuracoes/dados-cadastrais',
      '/configuracoes/horario-funcionamento',
      '/configuracoes/whatsapp-agente',
      '/configuracoes/seguranca',
    ]) {
      await page.goto(path);
      await page.locator('main, form, h1').first().waitFor();
      hidden.push(...(await tabAndCheck(path, 60)));
    }
    expect(hidden).toEqual([]);
  });

  it('Bairro after the CEP lookup, and the tall instructions, are shown whole', async () => {
    // ViaCEP answers late and fails: while 'Bairro' is focused the CEP's hint goes away and the
    // error toast pushes the page down (what left 'Bairro' 25 px below the viewport).
    await page.route('https://viacep.com.br/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.abort();
    });
    await page.goto('/configuracoes/dados-cadastrais');
    await page.getByLabel('Bairro', { exact: true }).waitFor();
    await page.getByLabel('CEP', { exact: true }).focus();
    // Tab to Bairro as the owner would: the CEP's lookup starts on its blur and may end in a toast.
    await page.keyboard.press('Tab');
    while (
      !(await page
        .getByLabel('Bairro', { exact: true })
        .evaluate((el) => el === document.activeElement))
    ) {
      await page.keyboard.press('Tab');
    }
    await page.getByText('Erro ao buscar CEP').waitFor();
    await page.waitForTimeout(500);
    await page.unroute('https://viacep.com.br/**');
    await page.screenshot({ path: `${SHOTS}/dados-cadastrais-bairro.png` });
    expect(await visibleShare(page.getByLabel('Bairro', { exact: true }))).toBe(1);

    await page.goto('/configuracoes/whatsapp-agente');
    const text = page.getByLabel('Conte para o agente virtual como ele deve agir');
    await text.waitFor();
    await text.fill('Seja simpático.\n'.repeat(30));
    await text.blur();
    await page.evaluate(() => window.scrollTo(0, 0));
    await text.focus();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/whatsapp-agente-instrucoes.png` });
    expect(await visibleShare(text)).toBe(1);
  });

  it('login and register, empty and with their errors', async () => {
    const context = await newPhoneContext(browser, inject('baseUrl'));
    const visitor = await context.newPage();
    const hidden: string[] = [];
    try {
      for (const [path, submit] of [
        ['/login', 'Entrar'],
        ['/register', 'Criar conta'],
      ] as const) {
        await visitor.goto(path);
        await visitor.getByRole('button', { name: submit }).waitFor();
        hidden.push(...(await tabAndCheck(path, 15, visitor)));
        await visitor.getByRole('button', { name: submit }).click();
        await visitor.getByText('E-mail é obrigatório').waitFor();
        hidden.push(...(await tabAndCheck(`${path} com erros`, 15, visitor)));
      }
    } finally {
      await context.close();
    }
    expect(hidden).toEqual([]);
  });

  it('the three onboarding steps', async () => {
    const baseUrl = inject('baseUrl');
    const email = `foco-${Date.now()}@example.com`;
    const reg = await api(baseUrl, 'POST', '/api/auth/register', undefined, {
      email,
      password: 'segredo123',
    });
    expect(reg.status).toBe(201);
    const context = await newPhoneContext(browser, baseUrl);
    const p = await context.newPage();
    const hidden: string[] = [];
    try {
      await signIn(p, { email, password: 'segredo123', token: '' });
      await p.getByText('Qual o nome da sua loja?').waitFor();
      hidden.push(...(await tabAndCheck('onboarding-1', 20, p)));
      await p.getByLabel('Nome da Loja', { exact: true }).fill('Loja do Foco 2');
      await p.getByRole('button', { name: 'Próximo' }).click();
      await p.getByText('Endereço da loja').waitFor();
      hidden.push(...(await tabAndCheck('onboarding-2', 20, p)));
      await p.getByLabel('CEP', { exact: true }).fill('01310-100');
      for (const [label, value] of [
        ['Logradouro', 'Avenida Paulista'],
        ['Número', '1000'],
        ['Bairro', 'Bela Vista'],
        ['Cidade', 'São Paulo'],
        ['UF', 'SP'],
      ] as const) {
        await p.getByLabel(label, { exact: true }).fill(value);
      }
      hidden.push(...(await tabAndCheck('onboarding-2 preenchido', 20, p)));
      await p.getByRole('button', { name: 'Próximo' }).click();
      await p.getByText('Segunda-feira', { exact: true }).waitFor();
      hidden.push(...(await tabAndCheck('onboarding-3', 60, p)));
    } finally {
      await context.close();
    }
    expect(hidden).toEqual([]);
  });

  it("an order's detail and its actions", async () => {
    const baseUrl = inject('baseUrl');
    const product = await api<{ id: string }>(baseUrl, 'POST', '/api/products', owner.token, {
      name: 'Pão de queijo',
      price: '4.50',
    });
    const res = await fetch(`${baseUrl}/loja/${slug}/pedidos`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
        'X-Forwarded-For': '10.9.8.7',
      },
      body: JSON.stringify({
        items: [{ productId: product.body.id, quantity: 2 }],
        customer: { name: 'Joana', phone: '11987650001' },
        delivery: 'entrega',
        address: 'Rua das Flores, 10',
        note: 'Sem cebola',
        promoOptIn: false,
        fillMs: 5000,
      }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const hidden: string[] = [];
    await page.goto('/pedidos');
    await page.getByText('Joana').first().waitFor();
    hidden.push(...(await tabAndCheck('/pedidos', 20)));
    await page.goto(`/pedidos/${id}`);
    await page.getByText('Sem cebola').waitFor();
    hidden.push(...(await tabAndCheck('/pedidos/:id', 30)));
    expect(hidden).toEqual([]);
  });
});

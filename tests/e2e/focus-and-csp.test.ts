/**
 * At 390×844: the app shell runs under its Content-Security-Policy with no violation on any
 * screen, and a control reached with Tab on any form is fully visible (WCAG 2.2 SC 2.4.11): not
 * under the fixed bottom bar, not above the top edge. The campaign form with 'Enviar Agora'
 * focused is saved to /tmp/focus-shots to look at.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhoneContext } from './browser';
import { type ApiOwner, createOwnerWithStore, signIn } from './offline-helpers';

const SHOTS = '/tmp/focus-shots';
let browser: Browser;
let page: Page;
let owner: ApiOwner;
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
async function tabAndCheck(label: string, steps = 60): Promise<string[]> {
  const hidden: string[] = [];
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < steps; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      // The bar's own tabs are the bar: what must not hide under it is the screen.
      if (!el || el === document.body || el.closest('[data-bottom-bar]')) return null;
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return null;
      const bar = document.querySelector('[data-bottom-bar]');
      const inDialog = Boolean(el.closest('[role="dialog"]'));
      const bottom = !inDialog && bar ? bar.getBoundingClientRect().top : window.innerHeight;
      const name =
        el.getAttribute('aria-label') ||
        (el as HTMLInputElement).labels?.[0]?.textContent ||
        el.textContent ||
        el.tagName;
      const ok = r.top >= -0.5 && r.bottom <= bottom + 0.5;
      return {
        ok,
        what: `${name.trim().slice(0, 40)} [${Math.round(r.top)}–${Math.round(r.bottom)} / ${Math.round(bottom)}]`,
      };
    });
    if (found && !found.ok) hidden.push(`${label}: ${found.what}`);
  }
  return hidden;
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const baseUrl = inject('baseUrl');
  owner = await createOwnerWithStore(baseUrl, 'Loja do Foco');
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

  // Skipped, open findings (2026-11-28, issue 35 point 17): on /configuracoes/dados-cadastrais a
  // focused 'Bairro' ends 25 px below the viewport and the CEP error toast's button sits above
  // the top edge; on /configuracoes/whatsapp-agente the tall instructions textarea is focused
  // while partly below the viewport. Unskip once those screens are fixed.
  it.skip('the settings forms', async () => {
    const hidden: string[] = [];
    for (const path of [
      '/configuracoes',
      '/configuracoes/dados-cadastrais',
      '/configuracoes/horario-funcionamento',
      '/configuracoes/whatsapp-agente',
    ]) {
      await page.goto(path);
      await page.locator('main, form, h1').first().waitFor();
      hidden.push(...(await tabAndCheck(path, 60)));
    }
    expect(hidden).toEqual([]);
  });
});

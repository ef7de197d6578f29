/**
 * What a new owner tripped over (issue 14), at 390×844: pasted phones, duplicate customers, emoji
 * initials, toasts over buttons, logout during onboarding, hours past midnight, price zero.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPhoneContext, waitForServiceWorker } from './browser';
import {
  type ApiOwner,
  api,
  createOwnerWithStore,
  deviceRows,
  signIn,
  until,
} from './offline-helpers';

type ApiCustomer = { id: string; name: string; phone: string };
type StoreMe = { phone: string; businessHours: Record<string, { start: string; end: string }> };

const baseUrl = inject('baseUrl');
const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-polish-'));
let browser: Awaited<ReturnType<typeof launchBrowser>>;
const contexts: BrowserContext[] = [];

async function freshPage(): Promise<Page> {
  const context = await newPhoneContext(browser, baseUrl);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  contexts.push(context);
  // The postal-code service is outside our control (and this machine may be offline): answer
  // like ViaCEP does.
  await context.route('https://viacep.com.br/**', (route) =>
    route.fulfill({
      json: {
        cep: '01310-100',
        logradouro: 'Avenida Paulista',
        bairro: 'Bela Vista',
        localidade: 'São Paulo',
        uf: 'SP',
      },
    }),
  );
  return context.newPage();
}

/** Pastes text into a field the way a phone does: clipboard, then the paste shortcut. */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.press('ControlOrMeta+V');
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`) });

const openToast = (page: Page) =>
  page.locator('[data-scope="toast"][data-part="root"][data-state="open"]');

/** Buttons and links (other than the toast's own) that the open toast's box overlaps. */
function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector(
      '[data-scope="toast"][data-part="root"][data-state="open"]',
    );
    if (!toast) return ['(no toast)'];
    const t = toast.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select')) {
      if (toast.contains(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top) {
        hits.push((el.getAttribute('aria-label') || el.textContent || el.tagName).trim());
      }
    }
    return hits;
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const c of contexts.splice(0)) await c.close();
});
afterAll(async () => {
  await browser?.close();
  console.info(`owner-polish screenshots: ${shots}`);
});

async function ownerOnScreen(storeName: string): Promise<{ page: Page; owner: ApiOwner }> {
  const owner = await createOwnerWithStore(baseUrl, storeName);
  const page = await freshPage();
  await signIn(page, owner);
  await page.getByText('Resumo Rápido').waitFor();
  return { page, owner };
}

describe('phones in any written form', () => {
  it('onboarding keeps the national number of a pasted +55 phone and a typed one', async () => {
    const email = `cel-${Date.now()}@example.com`;
    await api(baseUrl, 'POST', '/api/auth/register', undefined, { email, password: 'segredo123' });
    const page = await freshPage();
    await signIn(page, { email, password: 'segredo123', token: '' });
    const field = page.getByLabel('Celular (opcional)');
    await paste(page, field, '+55 (31) 99876-1234');
    expect(await field.inputValue()).toBe('(31) 9 9876-1234');
    await field.fill('');
    await field.pressSequentially('+5531998761234');
    expect(await field.inputValue()).toBe('(31) 9 9876-1234');
    await paste(page, field, '031 3456-7890');
    expect(await field.inputValue()).toBe('(31) 3456-7890');
    await shot(page, 'phone-onboarding');
  });

  it('the customer dialog and Dados Cadastrais store what was pasted as national digits', async () => {
    const { page, owner } = await ownerOnScreen('Loja dos Telefones');
    await page.getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('button', { name: 'Cadastrar' }).first().click();
    await page.getByLabel('Nome').fill('Maria Colada');
    const phone = page.getByLabel('Número do Celular (com DDD)');
    await paste(page, phone, '55 (31) 99876-1234');
    expect(await phone.inputValue()).toBe('(31) 9 9876-1234');
    await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText('(31) 99876-1234').waitFor();
    const list = await api<ApiCustomer[]>(baseUrl, 'GET', '/api/customers', owner.token);
    expect(list.body.map((c) => c.phone)).toEqual(['31998761234']);

    await page.goto('/configuracoes/dados-cadastrais');
    const cel = page.getByLabel('Celular (opcional)');
    await paste(page, cel, '+55 31 99876-1234');
    expect(await cel.inputValue()).toBe('(31) 9 9876-1234');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await page.waitForURL((url) => url.pathname === '/configuracoes');
    const me = await api<StoreMe>(baseUrl, 'GET', '/api/stores/me', owner.token);
    expect(me.body.phone).toBe('31998761234');
  });
});

describe('one customer per phone', () => {
  it('warns before saving a second customer with the same number', async () => {
    const { page, owner } = await ownerOnScreen('Loja Sem Repetidos');
    await page.getByRole('link', { name: 'Clientes' }).click();
    const attempts: [string, string][] = [
      ['Ana Lima', '31998761234'],
      ['Outra Ana', '+55 31 99876-1234'],
    ];
    for (const [name, typed] of attempts) {
      await page.getByRole('button', { name: 'Cadastrar' }).first().click();
      await page.getByLabel('Nome').fill(name);
      await page.getByLabel('Número do Celular (com DDD)').fill(typed);
      await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar' }).click();
    }
    await page.getByText('Já existe um cliente com este telefone: Ana Lima').waitFor();
    await shot(page, 'duplicate-warning');
    const list = await api<ApiCustomer[]>(baseUrl, 'GET', '/api/customers', owner.token);
    expect(list.body.map((c) => c.name)).toEqual(['Ana Lima']);
  });

  it('a duplicate made offline on a second phone is reported when it syncs', async () => {
    const owner = await createOwnerWithStore(baseUrl, 'Loja Dois Celulares');
    const page = await freshPage();
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.getByRole('link', { name: 'Clientes' }).click();
    await page.getByText('Nenhum cliente ainda').waitFor();
    await page.context().setOffline(true);
    // Meanwhile, on the other phone (online), the same person is registered.
    const first = await api(baseUrl, 'POST', '/api/customers', owner.token, {
      name: 'Beto do Balcão',
      phone: '(21) 99876-5555',
    });
    expect(first.status).toBe(201);
    await page.getByRole('button', { name: 'Cadastrar' }).first().click();
    await page.getByLabel('Nome').fill('Roberto');
    await page.getByLabel('Número do Celular (com DDD)').fill('21998765555');
    await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText('Roberto').first().waitFor();
    await page.context().setOffline(false);
    // The refused-changes list says what happened and offers Corrigir / Descartar.
    const refusals = page.locator('section[aria-label="Alterações recusadas"]');
    await refusals
      .getByText('Já existe um cliente com este telefone: Beto do Balcão')
      .waitFor({ timeout: 30_000 });
    await refusals.getByText('Cadastro de cliente “Roberto”').waitFor();
    await refusals.getByRole('button', { name: 'Corrigir' }).waitFor();
    await shot(page, 'duplicate-dead-letter');
    const letters = await deviceRows<{ status: number; message: string }>(page, 'deadLetters');
    expect(letters).toEqual([
      expect.objectContaining({
        status: 409,
        message: 'Já existe um cliente com este telefone: Beto do Balcão',
      }),
    ]);
    const list = await api<ApiCustomer[]>(baseUrl, 'GET', '/api/customers', owner.token);
    expect(list.body.map((c) => c.name)).toEqual(['Beto do Balcão']);
  });
});

describe('names, toasts and prices', () => {
  it('an emoji name gets its whole emoji as the initial; the toast sits above the bar', async () => {
    const { page } = await ownerOnScreen('Sítio 👩‍🌾');
    await page.getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('button', { name: 'Cadastrar' }).first().click();
    await page.getByLabel('Nome').fill('👩‍🌾 Dona Zefa');
    await page.getByLabel('Número do Celular (com DDD)').fill('11987650001');
    await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar' }).click();
    const toast = openToast(page);
    await toast.waitFor();
    // Where the toast rests, not a frame of its slide-in: wait for its animations to finish.
    await toast.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    const item = page.getByTestId('customer-card').filter({ hasText: 'Dona Zefa' });
    const initial = await item.locator('[aria-hidden="true"]').first().textContent();
    expect(initial).toBe('👩‍🌾');
    const bar = await page.getByRole('navigation', { name: 'Navegação principal' }).boundingBox();
    const box = await toast.boundingBox();
    expect(box && bar && box.y + box.height <= bar.y).toBe(true);
    expect(await controlsUnderToast(page)).toEqual([]);
    await shot(page, 'toast-above-bar');
    // A tap on the toast's text dismisses it.
    await toast.getByText('Cliente cadastrado!').tap();
    await until(
      () => openToast(page).count(),
      (n) => n === 0,
    );
  });

  it('on a screen without the bar the toast is at the top and moves the page, covering nothing', async () => {
    const { page } = await ownerOnScreen('Loja do Topo');
    await page.goto('/configuracoes/dados-cadastrais');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await page.waitForURL((url) => url.pathname === '/configuracoes');
    const toast = openToast(page);
    await toast.getByText('Dados atualizados!').waitFor();
    await page.waitForTimeout(400);
    const box = await toast.boundingBox();
    expect(box && box.y < 100).toBe(true);
    expect(await controlsUnderToast(page)).toEqual([]);
    await shot(page, 'toast-top');
    // The back button is usable while the toast shows.
    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.waitForURL((url) => url.pathname === '/home' || url.pathname === '/');
  });

  it('a product can cost R$ 0,00', async () => {
    const { page, owner } = await ownerOnScreen('Loja das Amostras');
    await page.getByRole('link', { name: 'Produtos' }).click();
    await page.getByRole('button', { name: 'Novo', exact: true }).click();
    await page.getByLabel('Nome do Produto').fill('Amostra grátis');
    const price = page.getByLabel('Preço (R$)');
    await price.pressSequentially('0');
    expect((await price.inputValue()).replace(/\u00a0/g, ' ')).toBe('R$ 0,00');
    await page.getByRole('dialog').getByRole('button', { name: 'Cadastrar Produto' }).click();
    const card = page.locator('article').filter({ hasText: 'Amostra grátis' });
    await card.waitFor();
    expect((await card.textContent())?.replace(/\u00a0/g, ' ')).toContain('R$ 0,00');
    const list = await api<{ price: string }[]>(baseUrl, 'GET', '/api/products', owner.token);
    expect(list.body.map((p) => p.price)).toEqual(['0.00']);
    await shot(page, 'price-zero');
  });
});

describe('onboarding and hours', () => {
  it("'Sair' on an onboarding step signs out and forgets what was typed", async () => {
    const email = `sair-${Date.now()}@example.com`;
    await api(baseUrl, 'POST', '/api/auth/register', undefined, { email, password: 'segredo123' });
    const page = await freshPage();
    await signIn(page, { email, password: 'segredo123', token: '' });
    await page.getByLabel('Nome da Loja').fill('Nome errado');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await page.getByLabel('CEP').fill('01310-100');
    await page.getByLabel('Número').fill('42');
    await until(
      () => deviceRows(page, 'drafts'),
      (rows) => rows.length >= 2,
    );
    await shot(page, 'onboarding-sair');
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await deviceRows(page, 'drafts')).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await signIn(page, { email, password: 'segredo123', token: '' });
    expect(await page.getByLabel('Nome da Loja').inputValue()).toBe('');
  });

  it('hours: equal times are refused on the row; closing before opening is past midnight', async () => {
    const { page, owner } = await ownerOnScreen('Bar da Noite');
    await page.goto('/configuracoes/horario-funcionamento');
    const sexta = page.getByTestId('day-sexta');
    await sexta.getByLabel('Abertura').fill('18:00');
    await sexta.getByLabel('Fechamento').fill('02:00');
    await sexta.getByText('18:00 – 02:00 (dia seguinte)').waitFor();
    const quarta = page.getByTestId('day-quarta');
    await quarta.getByLabel('Abertura').fill('09:00');
    await quarta.getByLabel('Fechamento').fill('09:00');
    const problem = 'Quarta-feira: a abertura e o fechamento não podem ser no mesmo horário';
    await quarta.getByText(problem).waitFor();
    await page.getByRole('button', { name: 'Salvar Horários' }).click();
    await openToast(page).getByText(problem).waitFor();
    await shot(page, 'hours-problem');
    let me = await api<StoreMe>(baseUrl, 'GET', '/api/stores/me', owner.token);
    expect(me.body.businessHours.sexta?.end).toBe('18:00');
    await quarta.getByLabel('Fechamento').fill('18:00');
    await page.getByRole('button', { name: 'Salvar Horários' }).click();
    await page.waitForURL((url) => url.pathname === '/configuracoes');
    me = await api<StoreMe>(baseUrl, 'GET', '/api/stores/me', owner.token);
    expect(me.body.businessHours.sexta).toMatchObject({ start: '18:00', end: '02:00' });
  });
});

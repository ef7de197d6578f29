/** The storefront as a customer sees it (390×844, no session): from the QR dialog's URL to a WhatsApp order. */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CNPJ_REQUIRED_MESSAGE } from '../../src/domain/public-url';
import { DPR, launchBrowser, newPhoneContext, PHONE } from './browser';
import { type ApiOwner, api, createOwnerWithStore, signIn } from './offline-helpers';

let baseUrl: string;
let browser: Browser;
let owner: ApiOwner;
let storeUrl = '';
const SHOTS = '/tmp/storefront-shots';

const storeFields = {
  name: 'Empório Dona Cida',
  cnpj: '',
  phone: '31998761234',
  cep: '01310100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento: '',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
};

const products = [
  { name: 'Pão de queijo', price: '5.90', description: 'Quentinho, feito na hora' },
  { name: 'Bolo de fubá', price: '32.50', description: 'Inteiro' },
  { name: 'Café coado', price: '4.00', description: '' },
  { name: 'Pão francês', price: '0.75', description: 'Unidade' },
];

async function put(path: string, body: unknown) {
  const res = await api(baseUrl, 'PUT', path, owner.token, body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
}

beforeAll(async () => {
  baseUrl = inject('baseUrl');
  fs.mkdirSync(SHOTS, { recursive: true });
  owner = await createOwnerWithStore(baseUrl, 'Empório Dona Cida');
  await put('/api/stores/me', storeFields);
  for (const p of products) {
    const res = await api(baseUrl, 'POST', '/api/products', owner.token, { ...p, active: true });
    if (res.status >= 300) throw new Error(`product: ${res.status}`);
  }
  const hidden = await api<{ id: string }>(baseUrl, 'POST', '/api/products', owner.token, {
    name: 'Produto escondido',
    price: '9.00',
    active: true,
  });
  await api(baseUrl, 'PUT', `/api/products/${hidden.body.id}`, owner.token, {
    name: 'Produto escondido',
    price: '9.00',
    active: false,
  });
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A product's quantity button: each product's buttons are a group named after it. */
function tap(page: Page, product: string, button: 'Mais um' | 'Menos um') {
  return page
    .getByRole('group', { name: product, exact: true })
    .getByRole('button', { name: button })
    .click();
}

async function openQrDialog(page: Page) {
  await page.getByRole('button', { name: 'QR Code da Loja' }).click();
  return page.getByRole('dialog');
}

describe('QR dialog (owner)', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newPhoneContext(browser, baseUrl);
    page = await context.newPage();
    await signIn(page, owner);
  });
  afterAll(() => context?.close());

  it('asks for the CNPJ only when the server says it is missing', async () => {
    const dialog = await openQrDialog(page);
    await dialog.getByText(CNPJ_REQUIRED_MESSAGE).waitFor({ timeout: 15_000 });
    expect(await dialog.getByRole('link', { name: 'Ir para Configurações' }).isVisible()).toBe(
      true,
    );
    await page.screenshot({ path: `${SHOTS}/qr-cnpj.png` });
    await page.keyboard.press('Escape');
  });

  it('says Sem conexão offline, not the CNPJ text', async () => {
    await put('/api/stores/me', { ...storeFields, cnpj: '12.ABC.345/01DE-35' });
    await context.setOffline(true);
    const dialog = await openQrDialog(page);
    await dialog.getByText('Sem conexão').waitFor({ timeout: 15_000 });
    expect(await dialog.getByText(CNPJ_REQUIRED_MESSAGE).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/qr-offline.png` });
    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
    await dialog.getByRole('button', { name: 'Baixar Imagem' }).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
  });

  it('shows the storefront URL as a QR code and downloads a 256×256 PNG named after the store', async () => {
    const dialog = await openQrDialog(page);
    const qr = dialog.getByRole('img', { name: 'QR Code da loja' });
    await qr.waitFor({ timeout: 15_000 });
    expect(await qr.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([
      200, 200,
    ]);
    storeUrl = (await dialog.locator('a[href*="/loja/"]').textContent()) ?? '';
    expect(storeUrl).toMatch(new RegExp(`^${baseUrl}/loja/[a-z0-9-]+$`));
    await page.screenshot({ path: `${SHOTS}/qr-ready.png` });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Baixar Imagem' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('qrcode-emporio-dona-cida.png');
    const file = await download.path();
    const info = await sharp(file).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 256, 256]);
    await page.getByText('QR Code baixado!').waitFor();
    await page.getByText('O arquivo foi salvo no seu dispositivo.').waitFor();
  });
});

describe('storefront (customer, no session)', () => {
  it('lists the products, searches, builds a cart and orders it by WhatsApp', async () => {
    expect(storeUrl).not.toBe('');
    const context = await newPhoneContext(browser, baseUrl);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(storeUrl);
    await page.getByRole('heading', { level: 1, name: 'Empório Dona Cida' }).waitFor();
    const items = page.locator('ul.p > li');
    expect(await items.count()).toBe(4);
    expect(await page.getByText('Produto escondido').count()).toBe(0);
    await page.getByText('R$\u00A032,50').waitFor();
    await page.screenshot({ path: `${SHOTS}/storefront.png` });

    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('pao');
    await page.waitForFunction(
      () => document.querySelectorAll('ul.p > li:not([hidden])').length === 2,
    );
    expect(await page.locator('#count').textContent()).toBe('2 produtos');

    await tap(page, 'Pão de queijo', 'Mais um');
    await tap(page, 'Pão de queijo', 'Mais um');
    await tap(page, 'Pão francês', 'Mais um');
    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('');
    await tap(page, 'Bolo de fubá', 'Mais um');
    await tap(page, 'Pão francês', 'Mais um');
    await tap(page, 'Pão francês', 'Menos um');

    const cart = page.getByRole('complementary', { name: 'Seu pedido' });
    await cart.getByText('4 itens no pedido · Total R$\u00A045,05').waitFor();
    const href =
      (await cart.getByRole('link', { name: 'Pedir pelo WhatsApp' }).getAttribute('href')) ?? '';
    const link = new URL(href);
    expect(link.origin + link.pathname).toBe('https://wa.me/5531998761234');
    expect(link.searchParams.get('text')).toBe(
      [
        'Olá! Quero fazer um pedido:',
        '2 × Pão de queijo — R$ 11,80',
        '1 × Pão francês — R$ 0,75',
        '1 × Bolo de fubá — R$ 32,50',
        'Total: R$ 45,05',
      ].join('\n'),
    );
    await page.screenshot({ path: `${SHOTS}/storefront-cart.png` });

    // The cart survives a reload (quantities only; names and prices come from the page).
    await page.reload();
    await cart.getByText('4 itens no pedido · Total R$\u00A045,05').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists everything with JavaScript disabled, each product with its own order link', async () => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: PHONE,
      deviceScaleFactor: DPR,
      isMobile: true,
      locale: 'pt-BR',
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(storeUrl);
    const items = page.locator('ul.p > li');
    expect(await items.count()).toBe(4);
    for (const p of products)
      expect(await page.getByRole('heading', { name: p.name }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Pedir pelo WhatsApp' }).count()).toBe(4);
    // Quantity buttons need the script: without it they stay out of the way.
    expect(await page.getByRole('button', { name: 'Mais um' }).first().isVisible()).toBe(false);
    await page.getByRole('searchbox', { name: 'Buscar produto' }).fill('bolo');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.waitForURL(/\?q=bolo/);
    expect(await page.locator('ul.p > li').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/storefront-nojs.png`, fullPage: true });
    await context.close();
  });
});

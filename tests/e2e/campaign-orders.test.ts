/**
 * Campaigns bring orders back (issue 20) at 390×844: the form's 'Incluir link da loja' switch
 * (on by default with a public page, off and explained without one), the review showing the
 * link, and the history and report reading '3 pedidos · R$ 142,50'. /api/campanhas is the
 * in-test fake (campaign-fake.ts); GET /api/stores/public-url is answered per test. axe on each.
 * Screenshots in /tmp/campaign-orders-shots.
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { DPR, launchBrowser, PHONE, sees } from './browser';
import { FakeCampaignServer } from './campaign-fake';
import { createOwnerWithStore, signIn } from './offline-helpers';

const SHOTS = '/tmp/campaign-orders-shots';
const PAGE_URL = 'https://tali.exemplo.com.br/loja/padaria';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let fake: FakeCampaignServer;
let hasPage = true;

const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
const linkSwitch = () => page.getByRole('checkbox', { name: 'Incluir link da loja' });

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const baseUrl = inject('baseUrl');
  const owner = await createOwnerWithStore(baseUrl, 'Padaria Link');
  fake = new FakeCampaignServer(baseUrl);
  fake.storePage = PAGE_URL;
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: baseUrl,
    viewport: PHONE,
    deviceScaleFactor: DPR,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  await fake.install(context);
  await context.route('**/api/stores/public-url', (route) =>
    hasPage
      ? route.fulfill({ status: 200, json: { url: PAGE_URL } })
      : route.fulfill({
          status: 400,
          json: { message: 'Cadastre o CNPJ da loja para gerar o QR Code' },
        }),
  );
  page = await context.newPage();
  await signIn(page, owner);
});

afterAll(async () => {
  await browser?.close();
});

function seed(titulo: string, orders: { count: number; total: string }, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const id = crypto.randomUUID();
  fake.campaigns.set(id, {
    id,
    titulo,
    mensagem: 'Pão em dobro hoje',
    imageUrl: null,
    status: 'enviado',
    sentCount: '3',
    scheduledDate: null,
    sendNow: true,
    sentAt: at,
    createdAt: at,
    confirmedAt: at,
    recipientCount: 3,
    startsAt: at,
    pauseReason: null,
    storeLink: `${PAGE_URL}?c=${id}`,
    orders,
  });
}

describe('campaigns and the orders they brought', () => {
  it('the link switch is on by default and the review shows the tagged link', async () => {
    await page.goto('/campanhas');
    await page.getByLabel('Título da Campanha').waitFor();
    await expect.poll(() => linkSwitch().isChecked()).toBe(true);
    await page.getByLabel('Título da Campanha').fill('Promo de sábado');
    await page.getByLabel('Mensagem').fill('Olá {nome}, pão em dobro!');
    await shot('01-form-link-on');
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Revisar' }).click();
    const preview = page.getByTestId('campaign-preview-link');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(new RegExp(`^${PAGE_URL}\\?c=[0-9a-f-]{36}$`));
    await shot('02-review-link');
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Editar Campanha' }).click();
    // Turned off: the next review carries no link, and the server is told so.
    await page.getByText('Incluir link da loja').click();
    await expect.poll(() => linkSwitch().isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Revisar' }).click();
    await page.getByTestId('review-recipients').waitFor();
    expect(await page.getByTestId('campaign-preview-link').count()).toBe(0);
    expect(fake.createBodies.at(-1)?.includeStoreLink).toBe(false);
    await page.getByRole('button', { name: 'Editar Campanha' }).click();
  });

  it('a reload keeps the switch as the owner left it', async () => {
    await page.reload();
    await page.getByLabel('Título da Campanha').waitFor();
    await expect
      .poll(() => page.getByLabel('Título da Campanha').inputValue())
      .toBe('Promo de sábado');
    await expect.poll(() => linkSwitch().isChecked()).toBe(false);
  });

  it('without a public page the switch is off, disabled and says why', async () => {
    hasPage = false;
    await page.reload();
    await sees(page, 'Sua loja ainda não tem página pública: cadastre o CNPJ em Configurações.');
    expect(await linkSwitch().isChecked()).toBe(false);
    expect(await linkSwitch().isDisabled()).toBe(true);
    await shot('03-no-public-page');
    hasPage = true;
  });

  it('history and report read "3 pedidos · R$ 142,50", "1 pedido", and nothing for none', async () => {
    seed('Três pedidos', { count: 3, total: '142.50' }, 30);
    seed('Um pedido', { count: 1, total: '47.50' }, 20);
    seed('Nenhum pedido', { count: 0, total: '0.00' }, 10);
    await page.goto('/campanhas');
    const item = (title: string) => page.getByTestId('campaign-item').filter({ hasText: title });
    await item('Três pedidos').waitFor();
    const ordersOf = async (title: string) =>
      (await item(title).getByTestId('campaign-orders').allTextContents()).join('');
    expect(await ordersOf('Três pedidos')).toBe('Pedidos pelo link: 3 pedidos · R$\u00a0142,50');
    expect(await ordersOf('Um pedido')).toBe('Pedidos pelo link: 1 pedido · R$\u00a047,50');
    expect(await ordersOf('Nenhum pedido')).toBe('');
    await item('Três pedidos').scrollIntoViewIfNeeded();
    await shot('04-history-orders');
    expect(await axeFindings(page)).toEqual([]);

    await item('Três pedidos')
      .getByRole('button', { name: /Três pedidos/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('campaign-orders').waitFor();
    expect(await dialog.getByTestId('campaign-orders').textContent()).toBe(
      'Pedidos pelo link: 3 pedidos · R$\u00a0142,50',
    );
    await shot('05-report-orders');
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await item('Nenhum pedido')
      .getByRole('button', { name: /Nenhum pedido/ })
      .click();
    await dialog.getByTestId('campaign-orders').waitFor();
    expect(await dialog.getByTestId('campaign-orders').textContent()).toBe(
      'Pedidos pelo link: Nenhum pedido ainda',
    );
  });
});

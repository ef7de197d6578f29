/**
 * Issue 38 at 390×844: the storefront form with a delivery zone and Pix (the fee before sending,
 * the QR and 'Pix copia e cola' after), and the owner's 'Marcar como pago' made offline.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseBrCode } from '../../src/domain/pix/br-code';
import { axeFindings } from './a11y-helpers';
import {
  launchBrowser,
  launchPhone,
  PHONE,
  type Phone,
  sees,
  waitForServiceWorker,
} from './browser';
import {
  type ApiOwner,
  api,
  createOwnerWithStorefront,
  queueSize,
  signIn,
  until,
} from './offline-helpers';

const baseUrl = inject('baseUrl');
let customer: Phone;
let ownerPhone: Phone;
let owner: ApiOwner;
let slug: string;
let orderId = '';
const shot = (name: string) => path.join(os.tmpdir(), `orders-payment-${name}.png`);

beforeAll(async () => {
  ({ owner, slug } = await createOwnerWithStorefront(baseUrl, 'Doceria Zona'));
  const setup = [
    await api(baseUrl, 'PUT', '/api/entrega', owner.token, {
      retirada: true,
      entrega: true,
      zonas: [
        { nome: 'Perto', bairros: ['Centro', 'Vila Mariana'], taxa: '5.00', prazo: '40–60 min' },
      ],
      pedidoMinimo: '10.00',
      freteGratisAcima: null,
      aceitarPedidosFechada: true,
    }),
    await api(baseUrl, 'PUT', '/api/stores/me', owner.token, {
      pixKey: 'pix@doceria.com.br',
      cidade: 'São Paulo',
    }),
    await api(baseUrl, 'POST', '/api/products', owner.token, { name: 'Brigadeiro', price: '6.00' }),
  ];
  expect(setup.map((r) => r.status)).toEqual([200, 200, 201]);
  const browser = await launchBrowser();
  // axe is injected as a script, which the storefront's CSP forbids.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    bypassCSP: true,
  });
  customer = { browser, context, page: await context.newPage(), close: () => browser.close() };
  ownerPhone = await launchPhone(baseUrl);
});

afterAll(async () => {
  await customer?.close();
  await ownerPhone?.close();
});

describe('an order with a delivery zone and Pix', () => {
  it('shows the fee before sending, then the QR and the Pix code to copy', async () => {
    const { page: shop } = customer;
    const problems: string[] = [];
    shop.on('pageerror', (e) => problems.push(e.message));
    await shop.goto(`/loja/${slug}`);
    await shop.getByRole('button', { name: 'Mais um' }).first().click();
    await shop.getByRole('button', { name: 'Mais um' }).first().click();
    await shop.getByRole('button', { name: 'Fazer pedido' }).click();
    await shop.getByRole('textbox', { name: 'Nome' }).fill('Beatriz');
    await shop.getByRole('textbox', { name: 'WhatsApp' }).fill('(11) 98765-1111');
    await shop.getByRole('radio', { name: 'Entrega', exact: true }).check();
    await sees(shop, 'Escolha o bairro para ver a taxa de entrega.');
    await shop.getByRole('combobox', { name: 'Bairro' }).selectOption('Vila Mariana');
    await sees(shop, 'Entrega: R$ 5,00 · 40–60 min · Total: R$ 17,00');
    await shop.getByRole('textbox', { name: 'Endereço' }).fill('Rua Domingos de Morais, 100');
    await shop.getByRole('radio', { name: 'Pix', exact: true }).check();
    expect(await axeFindings(shop)).toEqual([]);
    await shop.screenshot({ path: shot('form') });
    await shop.waitForTimeout(2200); // a person's fill time (MIN_FILL_MS)
    await shop.getByRole('button', { name: 'Enviar pedido' }).click();
    await shop.waitForSelector('[data-code], [data-err]:not([hidden])', { timeout: 15_000 });
    expect(await shop.locator('[data-err]:not([hidden])').allTextContents()).toEqual([]);
    await sees(shop, 'Pedido enviado');
    await sees(shop, 'R$ 17,00');
    const code = (await shop.locator('[data-code]').textContent()) ?? '';
    const copyPaste = await shop.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue();
    expect(parseBrCode(copyPaste)).toMatchObject({ amount: '17.00', txid: code.replace('-', '') });
    const qr = shop.getByRole('img', { name: 'QR Code do Pix' });
    await qr.waitFor();
    await until(
      () => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      (loaded) => loaded,
      10_000,
    );
    expect(await axeFindings(shop)).toEqual([]);
    await shop.screenshot({ path: shot('placed'), fullPage: true });
    // The order's own page, linked from the confirmation: works with no script.
    const link =
      (await shop.getByRole('link', { name: 'Acompanhar o pedido' }).getAttribute('href')) ?? '';
    expect(link).toContain(`/loja/${slug}/pedido/${code}?t=`);
    expect(problems).toEqual([]);
    const list = await api<Array<{ id: string; code: string }>>(
      baseUrl,
      'GET',
      '/api/pedidos',
      owner.token,
    );
    orderId = list.body.find((o) => o.code === code)?.id ?? '';
    expect(orderId).not.toBe('');
  }, 90_000);

  it('is marked paid offline by the owner, and the server has it once online', async () => {
    const { page, context } = ownerPhone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto(`/pedidos/${orderId}`);
    await sees(page, 'Pagamento');
    await sees(page, 'A pagar');
    await sees(page, 'Taxa de entrega (Vila Mariana)');
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Marcar como pago' }).click();
    await sees(page, 'Aguardando envio');
    await expect.poll(() => page.getByTestId('payment-status').textContent()).toBe('Pago');
    expect(await queueSize(page)).toBe(1);
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: shot('paid-offline') });
    await context.setOffline(false);
    const synced = await until(
      () => api<{ paymentStatus: string }>(baseUrl, 'GET', `/api/pedidos/${orderId}`, owner.token),
      (res) => res.body.paymentStatus === 'pago',
      30_000,
    );
    expect(synced.body.paymentStatus).toBe('pago');
    await sees(page, 'Desfazer pagamento');
  }, 90_000);

  // Was skipped as an open defect (2026-11-28: "under CPU load the delivery section is
  // acknowledged without its PUT reaching the server, one run in two"). The defect was this
  // test's: it waited for the section screen's notice ('settings-pending') on /configuracoes,
  // which shows the menu's marker ('settings-entry-pending') instead, so it passed only when the
  // departing screen was still on the page; and its wait for that notice to go was met at once
  // (never there), so "gone" never meant acknowledged. Under three busy loops the old steps
  // failed 6 of 6 with the device still holding the body and its queued PUT (nothing lost); these
  // steps passed 6 of 6, the server holding the zone whenever the marker went (decision 018).
  it("sets a zone in 'Entrega e pagamento' offline, and the server has it once online", async () => {
    // A phone of its own, signed in and controlled by the worker before it goes offline: the
    // payment test's replay is not still running beside this one.
    const phone = await launchPhone(baseUrl);
    const { page, context } = phone;
    try {
      await signIn(page, owner);
      await waitForServiceWorker(page);
      await page.goto('/configuracoes/entrega');
      await sees(page, 'Zonas de entrega');
      const names = page.getByRole('textbox', { name: 'Nome da zona' });
      expect(await names.first().inputValue()).toBe('Perto');
      expect(await axeFindings(page)).toEqual([]);
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Adicionar zona' }).click();
      await names.nth(1).fill('Longe');
      const bairros = page.getByRole('textbox', { name: 'Bairros (separados por vírgula)' });
      await bairros.nth(1).fill('Moema, Jabaquara');
      await page.getByRole('textbox', { name: 'Taxa de entrega (R$)' }).nth(1).fill('12,50');
      await page.screenshot({ path: shot('settings'), fullPage: true });
      await page.getByRole('button', { name: 'Salvar Entrega e Pagamento' }).click();
      await page.waitForURL('**/configuracoes');
      // The menu marks the section as waiting: the device holds it, the server does not yet.
      const marker = page.getByTestId('settings-entry-pending');
      await marker.waitFor();
      expect(await marker.textContent()).toBe('Aguardando conexão');
      const before = await api<{ zonas: unknown[] }>(baseUrl, 'GET', '/api/entrega', owner.token);
      expect(before.body.zonas).toHaveLength(1);
      await context.setOffline(false);
      await marker.waitFor({ state: 'detached', timeout: 60_000 });
      await page.screenshot({ path: shot('settings-after'), fullPage: true });
      // Acknowledged on the device means held by the server: read at once, no second chance.
      const saved = await api<{ zonas: unknown[] }>(baseUrl, 'GET', '/api/entrega', owner.token);
      expect(saved.body.zonas[1]).toEqual({
        nome: 'Longe',
        bairros: ['Moema', 'Jabaquara'],
        taxa: '12.50',
        prazo: '',
      });
    } finally {
      await phone.close();
    }
  }, 90_000);
});

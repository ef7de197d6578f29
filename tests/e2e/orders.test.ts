/**
 * Orders end to end at 390×844 (issue 20): a customer orders on the storefront on a slow network,
 * the owner sees it on home and /pedidos, confirms it offline, reconnects, and the server has it
 * confirmed. axe on the new screens; screenshots in the system's temp folder.
 */
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
const shot = (name: string) => path.join(os.tmpdir(), `orders-${name}.png`);

beforeAll(async () => {
  ({ owner, slug } = await createOwnerWithStorefront(baseUrl, 'Padaria Pedidos'));
  const product = await api(baseUrl, 'POST', '/api/products', owner.token, {
    name: 'Pão de queijo',
    price: '4.50',
  });
  expect(product.status).toBe(201);
  [customer, ownerPhone] = await Promise.all([customerPhone(), launchPhone(baseUrl)]);
});

/** The customer's phone; axe is injected as a script, which the storefront's CSP forbids. */
async function customerPhone(): Promise<Phone> {
  const browser = await launchBrowser();
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    bypassCSP: true,
  });
  const page = await context.newPage();
  return { browser, context, page, close: () => browser.close() };
}

afterAll(async () => {
  await customer?.close();
  await ownerPhone?.close();
});

describe('an order from the storefront to the owner', () => {
  it('is placed by a customer, seen and confirmed offline by the owner, and synced', async () => {
    const { page: shop, context } = customer;
    // A slow phone network: every request of the customer's page waits a little.
    await context.route('**/*', async (route) => {
      await new Promise((r) => setTimeout(r, 150));
      await route.continue();
    });
    const problems: string[] = [];
    shop.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    shop.on('pageerror', (e) => problems.push(e.message));
    await shop.goto(`/loja/${slug}`);
    await shop.screenshot({ path: shot('storefront') });
    await shop.getByRole('button', { name: 'Mais um' }).first().click();
    await shop.getByRole('button', { name: 'Mais um' }).first().click();
    await shop.getByRole('button', { name: 'Fazer pedido' }).click();
    await shop.getByRole('textbox', { name: 'Nome' }).fill('Joana');
    await shop.getByRole('textbox', { name: 'WhatsApp' }).fill('(11) 98877-6655');
    await shop.getByText('Quero receber promoções da loja pelo WhatsApp').waitFor();
    expect(await axeFindings(shop)).toEqual([]);
    await shop.screenshot({ path: shot('form'), fullPage: false });
    // A person takes seconds to fill it; faster is a script (MIN_FILL_MS, 2 s).
    await shop.waitForTimeout(2200);
    await shop.getByRole('button', { name: 'Enviar pedido' }).click();
    // The placed order, or the refusal the customer reads (named here when it happens).
    await shop.waitForSelector('[data-code], [data-err]:not([hidden])', { timeout: 15_000 });
    expect(await shop.locator('[data-err]:not([hidden])').allTextContents()).toEqual([]);
    await sees(shop, 'Pedido enviado');
    const code = (await shop.locator('[data-code]').textContent()) ?? '';
    expect(code).toMatch(/^P-[2-9A-HJ-NP-Z]{4}$/);
    await sees(shop, 'R$ 9,00');
    expect(await shop.getByRole('link', { name: 'Abrir WhatsApp' }).getAttribute('href')).toContain(
      encodeURIComponent(code),
    );
    await shop.screenshot({ path: shot('placed') });
    await shop.reload();
    await sees(shop, code);
    expect(problems).toEqual([]);

    const { page, context: ownerContext } = ownerPhone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/');
    await sees(page, 'Pedidos novos: 1');
    await page.screenshot({ path: shot('home') });
    await page.getByText('Pedidos novos: 1').click();
    await sees(page, code);
    await sees(page, 'Joana');
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: shot('list') });
    await page.getByRole('link', { name: new RegExp(code) }).click();
    await sees(page, '2 × Pão de queijo');
    expect(await axeFindings(page)).toEqual([]);

    await ownerContext.setOffline(true);
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await sees(page, 'Aguardando envio');
    await page.screenshot({ path: shot('detail-offline') });
    expect(await queueSize(page)).toBe(1);
    await ownerContext.setOffline(false);
    const id = page.url().split('/').at(-1) ?? '';
    const synced = await until(
      () => api<{ status: string }>(baseUrl, 'GET', `/api/pedidos/${id}`, owner.token),
      (res) => res.body.status === 'confirmado',
      30_000,
    );
    expect(synced.body.status).toBe('confirmado');
    await sees(page, 'Marcar como pronto');
  }, 90_000);
});

/**
 * The owner's stock at 390×844 (issue 20): 'Controlar estoque' turned on offline with 5, the card
 * shows 'Estoque: 5', the edit reaches the server on reconnect and the storefront sells it; set to
 * 0, the card and the storefront say 'Esgotado'. axe on the dialog; screenshots in the temp folder.
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { launchPhone, type Phone, sees, waitForServiceWorker } from './browser';
import { type ApiOwner, api, createOwnerWithStorefront, signIn, until } from './offline-helpers';

const baseUrl = inject('baseUrl');
let phone: Phone;
let owner: ApiOwner;
let slug: string;
const shot = (name: string) => path.join(os.tmpdir(), `stock-${name}.png`);
const NAME = 'Caderno espiral';

beforeAll(async () => {
  ({ owner, slug } = await createOwnerWithStorefront(baseUrl, 'Papelaria Estoque'));
  const product = await api(baseUrl, 'POST', '/api/products', owner.token, {
    name: NAME,
    price: '18.90',
  });
  expect(product.status).toBe(201);
  phone = await launchPhone(baseUrl);
});

afterAll(() => phone?.close());

const stockOnServer = async () => {
  const res = await api<{ name: string; stock: number | null }[]>(
    baseUrl,
    'GET',
    '/api/products',
    owner.token,
  );
  return res.body.find((p) => p.name === NAME)?.stock;
};

/** The product's entry on the store's public page, in a page of its own. */
async function storefrontEntry(): Promise<{ page: Page; text: string; canAdd: boolean }> {
  const page = await phone.context.newPage();
  await page.goto(`/loja/${slug}`);
  const entry = page.locator('li', { has: page.getByRole('heading', { name: NAME }) });
  const text = (await entry.textContent()) ?? '';
  const canAdd = (await entry.getByRole('button', { name: 'Mais um' }).count()) === 1;
  return { page, text, canAdd };
}

async function openEditor(page: Page) {
  await page.getByRole('button', { name: `Editar ${NAME}` }).click();
  return page.getByRole('dialog');
}

describe('the owner’s stock', () => {
  it('is set offline, shown on the card, synced on reconnect, and sold out at 0', async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/produtos');
    await sees(page, NAME);
    // Not tracked: the card says nothing about stock.
    const card = page.getByTestId('product-card').filter({ hasText: NAME });
    expect(await card.textContent()).not.toMatch(/Estoque|Esgotado/);

    await context.setOffline(true);
    let dialog = await openEditor(page);
    await dialog.getByText('Controlar estoque').click();
    const quantity = dialog.getByLabel('Quantidade em estoque');
    await quantity.fill('cinco');
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
    await sees(page, 'Quantidade em estoque deve ser um número inteiro, 0 ou mais');
    expect(await axeFindings(page)).toEqual([]);
    await page.screenshot({ path: shot('dialog-error') });
    await quantity.fill('5');
    await page.screenshot({ path: shot('dialog') });
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
    await card.getByText('Estoque: 5').waitFor();
    await page.screenshot({ path: shot('card-offline') });
    expect(await stockOnServer()).toBeNull();

    await context.setOffline(false);
    expect(await until(stockOnServer, (s) => s === 5, 30_000)).toBe(5);
    const available = await storefrontEntry();
    expect(available.text).not.toContain('Esgotado');
    expect(available.canAdd).toBe(true);
    await available.page.screenshot({ path: shot('storefront-available') });
    await available.page.close();

    dialog = await openEditor(page);
    await dialog.getByLabel('Quantidade em estoque').fill('0');
    await dialog.getByRole('button', { name: 'Salvar Alterações' }).click();
    await card.getByText('Esgotado').waitFor();
    await page.screenshot({ path: shot('card-sold-out') });
    expect(await until(stockOnServer, (s) => s === 0, 30_000)).toBe(0);
    const soldOut = await storefrontEntry();
    expect(soldOut.text).toContain('Esgotado');
    expect(soldOut.canAdd).toBe(false);
    await soldOut.page.screenshot({ path: shot('storefront-sold-out') });
    await soldOut.page.close();
  }, 120_000);
});

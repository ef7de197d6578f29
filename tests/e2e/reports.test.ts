/**
 * The 'Relatórios' screen at 390×844 (issue 41): reached from the home, figures computed on the
 * phone from the synced orders, still there offline after a reload, a period change offline,
 * the tables behind the charts, a section's CSV for Excel-BR, the printed page with every table,
 * axe without serious findings. Screenshots in the temp folder.
 */

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeFindings } from './a11y-helpers';
import { launchPhone, type Phone, sees, waitForServiceWorker } from './browser';
import { type ApiOwner, api, createOwnerWithStorefront, signIn } from './offline-helpers';

const baseUrl = inject('baseUrl');
let phone: Phone;
let owner: ApiOwner;
const shot = (name: string) => path.join(os.tmpdir(), `reports-${name}.png`);

/** An order placed on the storefront (as a customer would), answered with its id. */
async function placeOrder(slug: string, productId: string, quantity: number, name: string) {
  const res = await fetch(`${baseUrl}/loja/${slug}/pedidos`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
      'X-Forwarded-For': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    body: JSON.stringify({
      items: [{ productId, quantity }],
      customer: { name, phone: `1198${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` },
      delivery: 'retirada',
      promoOptIn: false,
      fillMs: 5000,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function move(id: string, statuses: string[]) {
  for (const status of statuses) {
    const res = await api(baseUrl, 'PATCH', `/api/pedidos/${id}`, owner.token, { status });
    expect(res.status).toBe(200);
  }
}

beforeAll(async () => {
  const shop = await createOwnerWithStorefront(baseUrl, 'Doceria Relatórios');
  owner = shop.owner;
  const product = await api<{ id: string }>(baseUrl, 'POST', '/api/products', owner.token, {
    name: 'Brigadeiro gourmet',
    price: '12.50',
  });
  expect(product.status).toBe(201);
  const a = await placeOrder(shop.slug, product.body.id, 4, 'Joana');
  const b = await placeOrder(shop.slug, product.body.id, 2, 'Rita');
  const c = await placeOrder(shop.slug, product.body.id, 9, 'Caio');
  await move(a, ['confirmado', 'pronto', 'entregue']);
  await move(b, ['confirmado', 'pronto', 'entregue']);
  await move(c, ['cancelado']);
  phone = await launchPhone(baseUrl);
});

afterAll(async () => {
  await phone?.close();
});

describe('Relatórios', () => {
  it('shows the period computed on the phone, offline too, with a table for each chart', async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await waitForServiceWorker(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Relatórios' }).click();
    await page.waitForURL('**/relatorios');
    // 4 × 12,50 + 2 × 12,50 delivered; the cancelled 9 × 12,50 nowhere.
    const revenue = page.getByText('R$ 75,00').first();
    await revenue.waitFor({ timeout: 20_000 });
    await sees(page, 'Ticket médio');
    await sees(page, 'R$ 37,50');
    await sees(page, 'Brigadeiro gourmet');
    await sees(page, 'Nenhuma campanha enviada no período.');
    expect(await axeFindings(page)).toEqual([]);
    // Nothing wider than the phone: no sideways scrolling of the whole page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: shot('top') });
    await page.screenshot({ path: shot('full'), fullPage: true });

    // The table behind the by-day chart.
    await page.getByText('Ver tabela').first().click();
    await sees(page, 'Faturamento por dia');
    expect(await axeFindings(page)).toEqual([]);

    // A section's CSV for Excel-BR: BOM, ';', money as '75,00'.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar CSV: Vendas' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^vendas-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('Faturamento (R$);75,00;0,00');
    expect(csv).toContain('Pedidos cancelados;1;0');

    // Printed: the period's tables (drawn for paper only), the buttons and the period chips not.
    await page.emulateMedia({ media: 'print' });
    await page
      .getByRole('table', { name: 'Pedidos por dia da semana (linhas) e hora (colunas)' })
      .waitFor({ timeout: 10_000 });
    expect(await page.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'Período' }).isVisible()).toBe(false);
    await page.screenshot({ path: shot('print'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    // Offline: a reload still opens the screen and computes from the phone's data.
    await context.setOffline(true);
    await page.reload();
    await page.getByText('R$ 75,00').first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: '30 dias' }).click();
    await sees(page, 'R$ 75,00');
    await page.getByRole('button', { name: 'Personalizado' }).click();
    await page.getByLabel('De', { exact: true }).fill('2020-01-01');
    await sees(page, 'O período pode ter no máximo 366 dias.');
    await page.screenshot({ path: shot('offline-custom') });
    expect(await axeFindings(page)).toEqual([]);
    await context.setOffline(false);
  }, 120_000);
});

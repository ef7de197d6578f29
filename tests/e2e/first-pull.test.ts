/**
 * A new phone's first pull of a catalogue big enough for deferred pages (src/db/deferred-pages.ts):
 * the list shows every product as soon as the pages arrive, an edit made meanwhile is kept, the
 * pages are then written row by row, and all of it stays on the phone offline.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildProductCsv } from '../../src/domain/product-csv';
import { launchPhone, type Phone, waitForServiceWorker } from './browser';
import {
  type ApiOwner,
  api,
  createOwnerWithStore,
  deviceRows,
  signIn,
  until,
} from './offline-helpers';

type ApiProduct = { id: string; name: string; price: string };
type DeviceProduct = { id: string; name: string; price: string; pending: number };

const baseUrl = inject('baseUrl');
const COUNT = 3000;
const name = (i: number) => `Produto ${String(i).padStart(4, '0')}`;
let phone: Phone;
let owner: ApiOwner;

beforeAll(async () => {
  owner = await createOwnerWithStore(baseUrl, 'Atacado Grande');
  const rows = Array.from({ length: COUNT }, (_, i) => ({
    name: name(i),
    description: '',
    price: '10.00',
    active: true,
  }));
  const seeded = await api<{ imported: number }>(
    baseUrl,
    'POST',
    '/api/products/import-csv',
    owner.token,
    { csvData: buildProductCsv(rows) },
  );
  expect(seeded.body.imported).toBe(COUNT);
  phone = await launchPhone(baseUrl);
});

afterAll(() => phone?.close());

describe('first pull of a big catalogue', () => {
  it('lists every product, keeps an edit made during the pull, and keeps all of it offline', {
    timeout: 120_000,
  }, async () => {
    const { page, context } = phone;
    await signIn(page, owner);
    await page.getByRole('link', { name: 'Produtos' }).click();
    await page.getByText('3.000 produtos').waitFor({ timeout: 30_000 });

    // The last product by name came in a later page: found by the search like any other.
    const last = name(COUNT - 1);
    await page.getByLabel('Buscar produtos').fill(last);
    await page.getByRole('button', { name: `Editar ${last}` }).click();
    await page.getByLabel('Preço (R$)').fill('');
    await page.getByLabel('Preço (R$)').pressSequentially('4321');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await page.getByText('R$ 43,21').waitFor();

    // The server has the edit (a PUT of the known product, not a second one)...
    const list = await until(
      async () => (await api<ApiProduct[]>(baseUrl, 'GET', '/api/products', owner.token)).body,
      (rows) => rows.find((p) => p.name === last)?.price === '43.21',
    );
    expect(list.find((p) => p.name === last)?.price).toBe('43.21');
    expect(list).toHaveLength(COUNT);
    // ...and once the pages are written row by row, the phone holds every product in its table,
    // the edit included, confirmed.
    const [stored, pages] = await until(
      () =>
        Promise.all([deviceRows<DeviceProduct>(page, 'products'), deviceRows(page, 'deferred')]),
      ([rows, waiting]) => rows.length === COUNT && waiting.length === 0,
    );
    expect(pages).toEqual([]);
    expect(stored).toHaveLength(COUNT);
    expect(stored.find((p) => p.name === last)).toMatchObject({ price: '43.21', pending: 0 });
    expect(new Set(stored.map((p) => p.id)).size).toBe(COUNT);

    await waitForServiceWorker(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByText('3.000 produtos').waitFor();
      await page.getByLabel('Buscar produtos').fill(last);
      await page.getByText('R$ 43,21').waitFor();
    } finally {
      await context.setOffline(false);
    }
  });
});

/**
 * The owner's stock (issue 20, decision 018): set and cleared through the product's own routes,
 * an edit applied as a change from the count it started from (so units sold meanwhile stay
 * sold), never below zero, kept when a body leaves it out, checked, store-scoped, in the feed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiProduct, ImportCsvResponse } from '../../src/domain/product';
import type { SyncResponse } from '../../src/domain/sync/wire';
import { type ReplayAnswer, send } from './fixtures';
import { createShop, type OrderAnswer, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
let shop: Shop;

beforeAll(async () => {
  // Each order names its own address (X-Forwarded-For), as behind the production proxy.
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
  shop = await createShop(t);
});
afterAll(() => t.close());

const fields = { name: 'Caderno', description: '', price: '12.00', active: true };

async function createProduct(stock: number | null, who: Shop = shop): Promise<ApiProduct> {
  const res = await send<ApiProduct>(t, 'POST', '/api/products', {
    token: who.token,
    body: { id: randomUUID(), ...fields, stock },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const put = (id: string, body: object, who: Shop = shop) =>
  send<ApiProduct & { message?: string }>(t, 'PUT', `/api/products/${id}`, {
    token: who.token,
    body,
  });

/** The product as the owner's list shows it. */
async function listed(id: string): Promise<ApiProduct | undefined> {
  const res = await send<ApiProduct[]>(t, 'GET', '/api/products', { token: shop.token });
  return res.body.find((p) => p.id === id);
}

/** A storefront order of `quantity` units, confirmed by the owner (which takes the stock). */
async function sell(productId: string, quantity: number) {
  const placed = await placeOrder(t, shop, { items: [{ productId, quantity }] });
  expect(placed.status).toBe(201);
  const confirmed = await send<OrderAnswer>(t, 'PATCH', `/api/pedidos/${placed.body.id}`, {
    token: shop.token,
    body: { status: 'confirmado' },
  });
  expect(confirmed.status).toBe(200);
}

/** A queued offline edit as the phone replays it: whole record, with its Idempotency-Key. */
const replay = (id: string, body: object, key: string) =>
  send<ReplayAnswer>(t, 'POST', '/api/sync/replay', {
    token: shop.token,
    body: {
      mutations: [
        {
          method: 'PUT',
          path: `/api/products/${id}`,
          idempotencyKey: key,
          body: JSON.stringify(body),
        },
      ],
    },
  });

describe('the owner tracks a product’s stock', () => {
  it('turns tracking on with a count and off with null', async () => {
    const product = await createProduct(5);
    expect(product.stock).toBe(5);
    expect((await listed(product.id))?.stock).toBe(5);
    const off = await put(product.id, { ...fields, stock: null, stockBase: 5 });
    expect(off.status).toBe(200);
    expect(off.body.stock).toBeNull();
    expect((await listed(product.id))?.stock).toBeNull();
    // Turning it on again is a count, whatever base a device sends.
    const on = await put(product.id, { ...fields, stock: 8, stockBase: null });
    expect(on.body.stock).toBe(8);
  });

  it('keeps the units an order took while the owner’s edit waited offline: saw 10, set 12, 3 sold → 9', async () => {
    const product = await createProduct(10);
    // The phone, offline, saw 10 and the owner set 12 (3 more arrived).
    const edit = { ...fields, stock: 12, stockBase: 10 };
    const key = randomUUID();
    // Meanwhile a customer's order for 3 is confirmed on the server.
    await sell(product.id, 3);
    expect((await listed(product.id))?.stock).toBe(7);
    // Back online, the queue replays the edit.
    const replayed = await replay(product.id, edit, key);
    expect(replayed.status).toBe(200);
    expect(replayed.body.results[0]).toMatchObject({ status: 200, body: { stock: 9 } });
    expect((await listed(product.id))?.stock).toBe(9);
    // The same request again (its answer was lost) answers the same and changes nothing.
    const again = await replay(product.id, edit, key);
    expect(again.body.results[0]).toMatchObject({ status: 200, body: { stock: 9 } });
    expect((await listed(product.id))?.stock).toBe(9);
  });

  it('never goes below zero: saw 2, set 1, both sold meanwhile → 0', async () => {
    const product = await createProduct(2);
    await sell(product.id, 2);
    const res = await put(product.id, { ...fields, stock: 1, stockBase: 2 });
    expect(res.status).toBe(200);
    expect(res.body.stock).toBe(0);
  });

  it('sets the count as given when the server does not track it or no base is sent', async () => {
    const untracked = await createProduct(null);
    const started = await put(untracked.id, { ...fields, stock: 4, stockBase: 10 });
    expect(started.body.stock).toBe(4);
    const tracked = await createProduct(9);
    const counted = await put(tracked.id, { ...fields, stock: 6 });
    expect(counted.body.stock).toBe(6);
  });

  it('keeps the count when a body leaves stock out (an older app’s whole record, a partial PUT)', async () => {
    const product = await createProduct(7);
    const older = await put(product.id, { ...fields, name: 'Caderno grande' });
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({ name: 'Caderno grande', stock: 7 });
    const baseAlone = await put(product.id, { stockBase: 3 });
    expect(baseAlone.body.stock).toBe(7);
    // An older app's create replayed over the row (POST with the same id): still 7, and a
    // replay of the same fields draws no new revision.
    const upsert = await send<ApiProduct>(t, 'POST', '/api/products', {
      token: shop.token,
      body: { id: product.id, ...fields, name: 'Caderno grande' },
    });
    expect(upsert.status).toBe(200);
    expect(upsert.body).toMatchObject({ stock: 7, revision: older.body.revision });
  });

  it('keeps a tracked count through a CSV import that updates the product', async () => {
    const product = await createProduct(4);
    const res = await send<ImportCsvResponse>(t, 'POST', '/api/products/import-csv', {
      token: shop.token,
      body: {
        csvData: `id;nome;descricao;preco;ativo\n${product.id};Caderno;Capa dura;15,00;sim\n`,
      },
    });
    expect(res.status).toBe(200);
    expect(await listed(product.id)).toMatchObject({ price: '15.00', stock: 4 });
  });

  it.each([
    [
      'a negative count',
      { stock: -1 },
      'Quantidade em estoque deve ser um número inteiro, 0 ou mais',
    ],
    ['a fraction', { stock: 2.5 }, 'Quantidade em estoque deve ser um número inteiro, 0 ou mais'],
    ['a text', { stock: '5' }, 'Quantidade em estoque deve ser um número inteiro, 0 ou mais'],
    ['over a million', { stock: 1_000_001 }, 'Quantidade em estoque deve ser no máximo 1.000.000'],
    [
      'a bad base',
      { stock: 3, stockBase: -2 },
      'Quantidade em estoque deve ser um número inteiro, 0 ou mais',
    ],
  ])('refuses %s with 400 and a message in Portuguese', async (_label, stock, message) => {
    const product = await createProduct(3);
    const res = await put(product.id, { ...fields, ...stock });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect((await listed(product.id))?.stock).toBe(3);
  });

  it('answers 404 for another store’s product and leaves its count alone', async () => {
    const other = await createShop(t, 'Outra Loja');
    const theirs = await createProduct(6, other);
    const res = await put(theirs.id, { ...fields, stock: 0, stockBase: 6 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Produto não encontrado');
    const mine = await send<ApiProduct[]>(t, 'GET', '/api/products', { token: other.token });
    expect(mine.body.find((p) => p.id === theirs.id)?.stock).toBe(6);
  });

  it('carries the count in the delta feed, so the phone shows it offline', async () => {
    const product = await createProduct(11);
    await sell(product.id, 1);
    const feed = await send<SyncResponse>(t, 'GET', '/api/sync?since=0&limit=5000', {
      token: shop.token,
    });
    expect(feed.status).toBe(200);
    const row = feed.body.products.find((p) => p.id === product.id);
    expect(row).toMatchObject({ stock: 10, deleted: false });
  });
});

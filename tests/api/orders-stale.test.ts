/**
 * Orders changed from two phones (issue 35): a cancel gives back exactly what the confirmation
 * took, once, and a status change made from a state the order has left is 409 with the order as
 * it is (PUT, PATCH and the replay batch alike), while the same change again stays a no-op.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import type { ApiOrder } from '../../src/domain/order';
import { send } from './fixtures';
import { addProduct, createShop, type OrderAnswer, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
});
afterAll(() => t.close());

const stockOf = async (id: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;

type Stale = OrderAnswer & { current?: ApiOrder };

const change = (shop: Shop, id: string, body: object, key: string = randomUUID()) =>
  send<Stale>(t, 'PATCH', `/api/pedidos/${id}`, {
    token: shop.token,
    body,
    headers: { 'Idempotency-Key': key },
  });

/** The owner's stock edit as the product dialog sends it (tracking on at `stock`). */
const setStock = (shop: Shop, id: string, stock: number | null) =>
  send(t, 'PUT', `/api/products/${id}`, { token: shop.token, body: { stock } });

async function order(shop: Shop, productId: string, quantity: number) {
  const placed = await placeOrder(t, shop, { items: [{ productId, quantity }] });
  expect(placed.status).toBe(201);
  return placed.body.id;
}

describe('stock given back on cancel', () => {
  it('is what the confirmation took: untracked then, tracked at 10 since → still 10', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Broa', price: '3.00' });
    const id = await order(shop, p, 3);
    expect((await change(shop, id, { status: 'confirmado' })).status).toBe(200);
    expect((await setStock(shop, p, 10)).status).toBe(200);
    expect((await change(shop, id, { status: 'cancelado' })).status).toBe(200);
    expect(await stockOf(p)).toBe(10);
  });

  it('gives back once, however the cancel is replayed, and only to a live tracked product', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Rosca', price: '8.00', stock: 10 });
    const q = await addProduct(t, shop, { name: 'Sonho', price: '4.00', stock: 5 });
    const placed = await placeOrder(t, shop, {
      items: [
        { productId: p, quantity: 2 },
        { productId: q, quantity: 1 },
        { productId: p, quantity: 1 },
      ],
    });
    const id = placed.body.id;
    await change(shop, id, { status: 'confirmado', fromStatus: 'novo' });
    expect([await stockOf(p), await stockOf(q)]).toEqual([7, 4]);
    // The owner deletes one product: its count is nobody's any more.
    await send(t, 'DELETE', `/api/products/${q}`, { token: shop.token });
    const key = randomUUID();
    const cancel = { status: 'cancelado', fromStatus: 'confirmado' };
    expect((await change(shop, id, cancel, key)).status).toBe(200);
    expect((await change(shop, id, cancel, key)).status).toBe(200);
    expect((await change(shop, id, cancel)).status).toBe(200);
    expect((await change(shop, id, { status: 'cancelado' })).status).toBe(200);
    expect([await stockOf(p), await stockOf(q)]).toEqual([10, 4]);
  });

  it('takes nothing from a deleted product, so its order can still be confirmed', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Quindim', price: '5.00', stock: 2 });
    const id = await order(shop, p, 2);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, p));
    await send(t, 'DELETE', `/api/products/${p}`, { token: shop.token });
    expect((await change(shop, id, { status: 'confirmado' })).status).toBe(200);
    expect((await change(shop, id, { status: 'cancelado' })).status).toBe(200);
    expect(await stockOf(p)).toBe(0);
  });
});

describe('a status change made from a state the order has left', () => {
  it('is 409 with the order as it is, and the stock stays what the newer change left', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Torta', price: '30.00', stock: 10 });
    const id = await order(shop, p, 4);
    // Phone B: novo → confirmado → pronto (10 → 6).
    expect((await change(shop, id, { status: 'confirmado', fromStatus: 'novo' })).status).toBe(200);
    expect((await change(shop, id, { status: 'pronto', fromStatus: 'confirmado' })).status).toBe(
      200,
    );
    // Phone A's 'Cancelar', tapped while it still saw 'novo', arrives late.
    const stale = await change(shop, id, { status: 'cancelado', fromStatus: 'novo' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(
      /^O pedido P-\w{4} está pronto agora, não novo: a mudança para cancelado não foi feita\.$/,
    );
    expect(stale.body.current).toMatchObject({ id, status: 'pronto', cancelledAt: null });
    expect(stale.body.current?.items).toHaveLength(1);
    expect(await stockOf(p)).toBe(6);
    const now = await send<ApiOrder>(t, 'GET', `/api/pedidos/${id}`, { token: shop.token });
    expect(now.body).toStrictEqual(stale.body.current);
  });

  it('is a no-op 200 when it is the same change again, from either phone', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pudim', price: '12.00', stock: 3 });
    const id = await order(shop, p, 1);
    const confirm = { status: 'confirmado', fromStatus: 'novo' };
    const first = await change(shop, id, confirm);
    const again = await change(shop, id, confirm);
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe(first.body.revision);
    expect(await stockOf(p)).toBe(2);
    await change(shop, id, { status: 'cancelado', fromStatus: 'confirmado' });
    const cancelAgain = await change(shop, id, { status: 'cancelado', fromStatus: 'confirmado' });
    expect(cancelAgain.status).toBe(200);
    // Cancelled from 'confirmado', not from 'novo': that one is stale.
    expect((await change(shop, id, { status: 'cancelado', fromStatus: 'novo' })).status).toBe(409);
    expect(await stockOf(p)).toBe(3);
  });

  it('is answered the same inside a replay batch, the row in the refusal', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Cocada', price: '2.00', stock: 5 });
    const id = await order(shop, p, 2);
    const path = `/api/pedidos/${id}`;
    const item = (body: object) => ({
      method: 'PUT',
      path,
      idempotencyKey: randomUUID(),
      body: JSON.stringify(body),
    });
    const res = await send<{ results: { status: number; body: Stale }[] }>(
      t,
      'POST',
      '/api/sync/replay',
      {
        token: shop.token,
        body: {
          mutations: [
            item({ status: 'confirmado', fromStatus: 'novo' }),
            item({ status: 'cancelado', fromStatus: 'novo' }),
            item({ status: 'pronto', fromStatus: 'confirmado' }),
          ],
        },
      },
    );
    expect(res.body.results.map((r) => r.status)).toEqual([200, 409, 200]);
    expect(res.body.results[1]?.body.current).toMatchObject({ id, status: 'confirmado' });
    expect(await stockOf(p)).toBe(3);
  });

  it('refuses a fromStatus that is no state, and still takes a body without one', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Bombom', price: '1.50' });
    const id = await order(shop, p, 1);
    const bad = await change(shop, id, { status: 'confirmado', fromStatus: 'perdido' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Status de origem inválido');
    // An older app's queued change (no fromStatus): the state machine alone, as before.
    expect((await change(shop, id, { status: 'cancelado' })).status).toBe(200);
  });
});

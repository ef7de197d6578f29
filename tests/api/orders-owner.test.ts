/**
 * The owner's side of orders (issue 20): /api/pedidos, the state machine, isolation, stock taken
 * on confirming (never below zero, even for two confirmations at once) and the delta feed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../server/db/schema';
import type { ApiOrder, FeedOrder } from '../../src/domain/order';
import type { ApiProduct } from '../../src/domain/product';
import { createOwner, send } from './fixtures';
import { addProduct, createShop, type OrderAnswer, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  // Each request names its own address (X-Forwarded-For), as behind the production proxy.
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
});
afterAll(() => t.close());

const stockOf = async (id: string) =>
  (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]
    ?.stock;

const setStatus = (shop: Shop, id: string, status: string) =>
  send<OrderAnswer>(t, 'PATCH', `/api/pedidos/${id}`, { token: shop.token, body: { status } });

describe('the owner works an order', () => {
  it('moves it along the states, keeping each time, and refuses an impossible change with 409', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const { body } = await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] });
    const skip = await setStatus(shop, body.id, 'entregue');
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('Não é possível mudar um pedido novo para entregue.');
    for (const status of ['confirmado', 'pronto', 'entregue']) {
      const res = await setStatus(shop, body.id, status);
      expect(res.status, status).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const done = await send<OrderAnswer>(t, 'GET', `/api/pedidos/${body.id}`, {
      token: shop.token,
    });
    for (const f of ['confirmedAt', 'readyAt', 'deliveredAt'] as const)
      expect(done.body[f]).toMatch(/Z$/);
    expect(done.body.cancelledAt).toBeNull();
    const cancel = await setStatus(shop, body.id, 'cancelado');
    expect(cancel.status).toBe(409);
    // The same change again (a replay) answers the order as it is.
    expect((await setStatus(shop, body.id, 'entregue')).status).toBe(200);
    const bad = await setStatus(shop, body.id, 'perdido');
    expect(bad.status).toBe(400);
  });

  it("lists newest first, by status, and never another store's", async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const a = (await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] })).body;
    const b = (await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] })).body;
    await setStatus(shop, a.id, 'confirmado');
    const all = await send<ApiOrder[]>(t, 'GET', '/api/pedidos', { token: shop.token });
    expect(all.body.map((o: { id: string }) => o.id)).toEqual([b.id, a.id]);
    const confirmed = await send<ApiOrder[]>(t, 'GET', '/api/pedidos?status=confirmado', {
      token: shop.token,
    });
    expect(confirmed.body.map((o: { id: string }) => o.id)).toEqual([a.id]);
    const page = await send<ApiOrder[]>(t, 'GET', '/api/pedidos?limit=1&offset=1', {
      token: shop.token,
    });
    expect(page.body.map((o: { id: string }) => o.id)).toEqual([a.id]);
    expect((await send(t, 'GET', '/api/pedidos?status=x', { token: shop.token })).status).toBe(400);

    const stranger = await createOwner(t, 'Estranha');
    expect(
      (await send<ApiOrder[]>(t, 'GET', '/api/pedidos', { token: stranger.token })).body,
    ).toEqual([]);
    expect((await send(t, 'GET', `/api/pedidos/${a.id}`, { token: stranger.token })).status).toBe(
      404,
    );
    const theirs = await send<OrderAnswer>(t, 'PATCH', `/api/pedidos/${a.id}`, {
      token: stranger.token,
      body: { status: 'cancelado' },
    });
    expect(theirs.status).toBe(404);
    expect((await send(t, 'GET', '/api/pedidos')).status).toBe(401);
    // Orders are placed by the storefront only.
    expect((await send(t, 'DELETE', `/api/pedidos/${a.id}`, { token: shop.token })).status).toBe(
      405,
    );
  });
});

describe('stock', () => {
  it('is taken on confirming and given back on cancelling a confirmed order', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Torta', price: '30.00', stock: 5 });
    const { body } = await placeOrder(t, shop, { items: [{ productId: p, quantity: 2 }] });
    expect(await stockOf(p)).toBe(5);
    expect((await setStatus(shop, body.id, 'confirmado')).status).toBe(200);
    expect(await stockOf(p)).toBe(3);
    expect((await setStatus(shop, body.id, 'cancelado')).status).toBe(200);
    expect(await stockOf(p)).toBe(5);
    // A new order cancelled before confirming never touched it.
    const second = (await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] })).body;
    await setStatus(shop, second.id, 'cancelado');
    expect(await stockOf(p)).toBe(5);
    const product = await send<ApiProduct[]>(t, 'GET', '/api/products', { token: shop.token });
    expect(product.body[0]?.stock).toBe(5);
  });

  it('of the last unit goes to one of two orders confirmed at once; the other is refused by name', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Última torta', price: '30.00', stock: 1 });
    const a = (await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] })).body;
    const b = (await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] })).body;
    const both = await Promise.all([
      setStatus(shop, a.id, 'confirmado'),
      setStatus(shop, b.id, 'confirmado'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)?.body.message).toBe(
      'Estoque insuficiente para "Última torta"',
    );
    expect(await stockOf(p)).toBe(0);
    const statuses = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.storeId, shop.storeId));
    expect(statuses.map((s) => s.status).sort()).toEqual(['confirmado', 'novo']);
    // Sold out now: a new order for it is refused.
    const late = await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] });
    expect(late.body.message).toBe('"Última torta" está esgotado');
  });
});

describe("the owner's devices", () => {
  it('get orders in the delta feed with their items', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const { body } = await placeOrder(t, shop, { items: [{ productId: p, quantity: 3 }] });
    const feed = await send<{ orders: FeedOrder[] }>(t, 'GET', '/api/sync?since=0', {
      token: shop.token,
    });
    const row = feed.body.orders.find((o) => o.id === body.id);
    expect(row).toMatchObject({ code: body.code, status: 'novo', deleted: false });
    expect(row?.items).toEqual([
      expect.objectContaining({ productId: p, name: 'Pão', unitPrice: '1.00', quantity: 3 }),
    ]);
    // The campaign it came through travels too (issue 41: the phone's campaigns report): none here.
    expect(row?.campaignId).toBeNull();
  });
});

/**
 * Orders from the storefront (issue 20): POST /loja/:slug/pedidos as a customer's phone sends it,
 * and the owner's /api/pedidos. Prices come from the database, refusals name the product, the
 * same Idempotency-Key gives the same order, codes stay unique, and stock never goes below zero.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, products } from '../../server/db/schema';
import type { ApiOrder } from '../../src/domain/order';
import { CODE_PATTERN } from '../../src/domain/order-message';
import { send } from './fixtures';
import { addProduct, createShop, nextMobile, placeOrder } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  // Each request names its own address (X-Forwarded-For), as behind the production proxy.
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
});
afterAll(() => t.close());

describe('placing an order', () => {
  it('prices from the database and answers the code, the total and the WhatsApp link', async () => {
    const shop = await createShop(t);
    const bread = await addProduct(t, shop, { name: 'Pão francês', price: '0.75' });
    const cake = await addProduct(t, shop, { name: 'Bolo de fubá', price: '18.90' });
    const res = await placeOrder(t, shop, {
      // A price sent by the page is ignored: only ids and quantities are read.
      items: [
        { productId: bread, quantity: 10, price: '0.01' } as never,
        { productId: cake, quantity: 1 },
      ],
      customer: { name: 'Maria', phone: '(11) 98888-7777' },
      delivery: 'entrega',
      address: 'Rua das Flores, 10 — 01001-000',
      note: 'Tocar a campainha',
    });
    expect(res.status).toBe(201);
    expect(res.body.total).toBe('26.40');
    expect(res.body.code).toMatch(CODE_PATTERN);
    const text = decodeURIComponent(String(res.body.whatsappUrl).split('text=')[1] ?? '');
    expect(res.body.whatsappUrl).toMatch(/^https:\/\/wa\.me\/5511955554444\?text=/);
    expect(text).toContain(res.body.code);
    expect(text).toContain('10 × Pão francês — R$ 7,50');
    expect(text).toContain('Total: R$ 26,40');

    const list = await send<ApiOrder[]>(t, 'GET', '/api/pedidos', { token: shop.token });
    expect(list.body).toHaveLength(1);
    const [order] = list.body;
    expect(order).toMatchObject({
      id: res.body.id,
      code: res.body.code,
      status: 'novo',
      customerName: 'Maria',
      customerPhone: '11988887777',
      delivery: 'entrega',
      address: 'Rua das Flores, 10 — 01001-000',
      note: 'Tocar a campainha',
      total: '26.40',
    });
    expect(order?.items.map((i) => [i.name, i.unitPrice, i.quantity])).toEqual([
      ['Pão francês', '0.75', 10],
      ['Bolo de fubá', '18.90', 1],
    ]);
    const one = await send<ApiOrder>(t, 'GET', `/api/pedidos/${res.body.id}`, {
      token: shop.token,
    });
    expect(one.body).toStrictEqual(order);
  });

  it('refuses what the store does not sell or has not got, naming the product', async () => {
    const shop = await createShop(t);
    const off = await addProduct(t, shop, { name: 'Sonho', price: '4.00', active: false });
    const none = await addProduct(t, shop, { name: 'Coxinha', price: '6.00', stock: 0 });
    const few = await addProduct(t, shop, { name: 'Empada', price: '7.00', stock: 2 });
    const gone = await addProduct(t, shop, { name: 'Quibe', price: '5.00' });
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone));
    const cases: Array<[string, number, string]> = [
      [off, 1, '"Sonho" não está mais disponível'],
      [none, 1, '"Coxinha" está esgotado'],
      [few, 3, 'Estoque insuficiente para "Empada"'],
      [gone, 1, 'Um produto do pedido não está mais disponível'],
    ];
    for (const [productId, quantity, message] of cases) {
      const res = await placeOrder(t, shop, { items: [{ productId, quantity }] });
      expect(res.status, message).toBe(409);
      expect(res.body.message).toBe(message);
    }
    // Two lines of one product count together against its stock.
    const split = await placeOrder(t, shop, {
      items: [
        { productId: few, quantity: 2 },
        { productId: few, quantity: 1 },
      ],
    });
    expect(split.body.message).toBe('Estoque insuficiente para "Empada"');
    // Another store's product is not for sale here.
    const other = await createShop(t, 'Outra');
    const theirs = await addProduct(t, other, { name: 'Deles', price: '1.00' });
    const foreign = await placeOrder(t, shop, { items: [{ productId: theirs, quantity: 1 }] });
    expect(foreign.status).toBe(409);
    expect(await t.db.select().from(orders).where(eq(orders.storeId, shop.storeId))).toEqual([]);
  });

  it('refuses malformed and scripted orders with a Portuguese 4xx', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const lines = (n: number) => Array.from({ length: n }, () => ({ productId: p, quantity: 1 }));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ items: [] }, 'Pedido sem itens'],
      [{ items: lines(51) }, 'Máximo de 50 produtos por pedido'],
      [{ items: [{ productId: p, quantity: 1000 }] }, 'Máximo de 999 unidades por produto'],
      [{ items: [{ productId: p, quantity: 1.5 }] }, 'Quantidade inválida'],
      [{ items: lines(1), customer: { name: 'Ana', phone: '123' } }, 'Telefone inválido'],
      [{ items: lines(1), customer: { name: ' ', phone: nextMobile() } }, 'Informe seu nome'],
      [{ items: lines(1), delivery: 'entrega' }, 'Informe o endereço de entrega'],
      [
        { items: lines(1), website: 'http://spam' },
        'Não foi possível enviar o pedido. Tente de novo.',
      ],
      [{ items: lines(1), fillMs: 300 }, 'Não foi possível enviar o pedido. Tente de novo.'],
    ];
    for (const [body, message] of cases) {
      const res = await placeOrder(t, shop, body as never);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const notJson = await send(t, 'POST', `/loja/${shop.slug}/pedidos`, {
      body: '{"items":',
    });
    expect(notJson.status).toBe(400);
    const noStore = await send(t, 'POST', '/loja/nao-existe/pedidos', { body: {} });
    expect(noStore.status).toBe(404);
    expect(await t.db.select().from(orders).where(eq(orders.storeId, shop.storeId))).toEqual([]);
  });

  it('answers the same order for the same key, one after the other and at once', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const body = {
      items: [{ productId: p, quantity: 2 }],
      customer: { name: 'Ana', phone: nextMobile() },
    };
    const first = await placeOrder(t, shop, body, { key: 'pedido-1' });
    const again = await placeOrder(t, shop, body, { key: 'pedido-1' });
    expect(again.status).toBe(201);
    expect(again.body).toStrictEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const both = await Promise.all([
      placeOrder(t, shop, body, { key: 'pedido-2' }),
      placeOrder(t, shop, body, { key: 'pedido-2' }),
    ]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both[0]?.body.id).toBe(both[1]?.body.id);
    const rows = await t.db.select().from(orders).where(eq(orders.storeId, shop.storeId));
    expect(rows).toHaveLength(2);
  });

  it('gives every order of a store its own code, even placed at once', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const placed = await Promise.all(
      Array.from({ length: 12 }, () =>
        placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] }),
      ),
    );
    expect(placed.every((r) => r.status === 201)).toBe(true);
    const codes = new Set(placed.map((r) => r.body.code));
    expect(codes.size).toBe(12);
  });

  it('limits orders per phone (429 with Retry-After), whatever the address', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const customer = { name: 'Bia', phone: nextMobile() };
    for (let i = 0; i < 10; i++) {
      const ok = await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }], customer });
      expect(ok.status).toBe(201);
    }
    const over = await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }], customer });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Muitos pedidos em pouco tempo. Aguarde alguns minutos.');
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('limits orders per client address', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const answers = [];
    for (let i = 0; i < 21; i++) {
      answers.push(
        (await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] }, { headers })).status,
      );
    }
    expect(answers.filter((s) => s === 201)).toHaveLength(20);
    expect(answers.at(-1)).toBe(429);
  });
});

describe('the customer of an order', () => {
  it('is created opted out without the box, and found by phone however it is written', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    await placeOrder(t, shop, {
      items: [{ productId: p, quantity: 1 }],
      customer: { name: 'Caio', phone: '11 97777-6666' },
    });
    const created = await t.db.select().from(customers).where(eq(customers.storeId, shop.storeId));
    expect(created.map((c) => [c.name, c.phone, c.optedOut])).toEqual([
      ['Caio', '11977776666', true],
    ]);
    // The same person, written another way, now ticking the box: found, and opted in.
    await placeOrder(t, shop, {
      items: [{ productId: p, quantity: 1 }],
      customer: { name: 'Caio S.', phone: '+55 (11) 9 7777-6666' },
      promoOptIn: true,
    });
    const after = await t.db.select().from(customers).where(eq(customers.storeId, shop.storeId));
    expect(after.map((c) => [c.name, c.optedOut])).toEqual([['Caio', false]]);
    // An unticked box later never opts them out again.
    await placeOrder(t, shop, {
      items: [{ productId: p, quantity: 1 }],
      customer: { name: 'Caio', phone: '11977776666' },
    });
    const still = await t.db.select().from(customers).where(eq(customers.storeId, shop.storeId));
    expect(still.map((c) => c.optedOut)).toEqual([false]);
    const list = await send<ApiOrder[]>(t, 'GET', '/api/pedidos', { token: shop.token });
    expect(new Set(list.body.map((o) => o.customerId)).size).toBe(1);
  });
});

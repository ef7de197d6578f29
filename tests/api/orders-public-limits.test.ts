/**
 * The public order endpoint against a hostile visitor (issue 35): its body capped while it
 * streams in (413 in Portuguese, nothing past the cap read whole), every refused body counted
 * against the address's limit, every total bounded with a 400 (never the column's overflow, a
 * 500), and the form's retry after a 5xx replaying the order instead of placing a second one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../server/db/schema';
import {
  ORDER_ADDRESS_LIMIT,
  ORDER_TOO_LARGE,
  TOO_MANY_ORDERS,
} from '../../server/routes/orders-public';
import { lineTotalTooHigh, ORDER_TOTAL_TOO_HIGH } from '../../src/domain/order-items';
import { orderSender } from '../../storefront/order-send';
import { addProduct, createShop, nextMobile, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
let shop: Shop;
let server: ReturnType<typeof serve>;
let port = 0;

beforeAll(async () => {
  // Each request names its own address (X-Forwarded-For), as behind the production proxy.
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
  shop = await createShop(t);
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  if ('closeAllConnections' in server) server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

let addresses = 0;
const newAddress = () => `10.35.${Math.floor(++addresses / 250)}.${addresses % 250}`;

type Sent = { status: number; body: string; bytesWritten: number; connection?: string };

/**
 * POSTs an order whose note is `total` bytes long, streamed in 64 KB chunks (chunked, or with
 * `declared` as Content-Length and nothing sent), stopping as soon as the server answers.
 */
function streamOrder(address: string, total: number, declared?: number): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let bytesWritten = 0;
    let answered = false;
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: `/loja/${shop.slug}/pedidos`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': address,
        ...(declared ? { 'content-length': String(declared) } : {}),
      },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      const connection = res.headers.connection;
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, bytesWritten, connection }));
    });
    // A reset after the answer is expected (the server closes); one before it is a failure.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    if (declared) {
      req.flushHeaders();
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const pump = async () => {
      while (!answered && bytesWritten < total) {
        const piece = bytesWritten === 0 ? Buffer.from('{"items":[],"note":"') : chunk;
        bytesWritten += piece.length;
        if (!req.write(piece)) await new Promise((r) => req.once('drain', r));
        await new Promise((r) => setTimeout(r, 1));
      }
      if (!answered) req.end('"}');
    };
    void pump();
  });
}

const MB = 1024 * 1024;

describe('the public order body', () => {
  it('refuses a streamed 40 MB note with 413 long before it is all sent', async () => {
    const sent = await streamOrder(newAddress(), 40 * MB);
    expect(sent.status).toBe(413);
    expect(JSON.parse(sent.body)).toEqual({ message: ORDER_TOO_LARGE });
    // Nothing past the 16 KB cap was kept; what was read after it was drained and dropped.
    expect(sent.bytesWritten).toBeLessThan(16 * MB);
  });

  it('answers a declared 40 MB body at once, before a byte of it is sent', async () => {
    const sent = await streamOrder(newAddress(), 0, 40 * MB);
    expect(sent.status).toBe(413);
    expect(sent.connection).toBe('close');
    expect(JSON.parse(sent.body)).toEqual({ message: ORDER_TOO_LARGE });
  });

  it('refuses 100,000 items before parsing them (413, not the 50-line 400)', async () => {
    const items = Array.from({ length: 100_000 }, () => ({
      productId: 'abcdefabcdef',
      quantity: 1,
    }));
    const res = await placeOrder(
      t,
      shop,
      { items },
      { headers: { 'x-forwarded-for': newAddress() } },
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(ORDER_TOO_LARGE);
  });

  it('counts every refused body against the address, and then reads no more of them', async () => {
    const pao = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const address = newAddress();
    const headers = { 'x-forwarded-for': address };
    const big = { items: [{ productId: pao, quantity: 1 }], note: 'x'.repeat(20_000) };
    for (let i = 0; i < ORDER_ADDRESS_LIMIT.max; i++) {
      const res = await placeOrder(t, shop, big, { headers });
      expect(res.status, `body ${i + 1}`).toBe(413);
    }
    const honest = await placeOrder(
      t,
      shop,
      { items: [{ productId: pao, quantity: 1 }] },
      { headers },
    );
    expect(honest.status).toBe(429);
    expect(honest.body.message).toBe(TOO_MANY_ORDERS);
    expect(Number(honest.headers.get('retry-after'))).toBeGreaterThan(0);
    // Over its limit, the address is answered before its body is read: 429, not 413.
    const declared = await streamOrder(address, 0, 40 * MB);
    expect(declared.status).toBe(429);
    // Another address is not affected.
    const other = await placeOrder(t, shop, { items: [{ productId: pao, quantity: 1 }] });
    expect(other.status).toBe(201);
  });

  it('counts a body that is not JSON, and a honeypot, like an order', async () => {
    const pao = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const headers = { 'x-forwarded-for': newAddress() };
    for (let i = 0; i < ORDER_ADDRESS_LIMIT.max / 2; i++) {
      const notJson = await t.app.request(`/loja/${shop.slug}/pedidos`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"items": [',
      });
      expect(notJson.status).toBe(400);
      const bot = await placeOrder(
        t,
        shop,
        { items: [{ productId: pao, quantity: 1 }], website: 'x' },
        { headers },
      );
      expect(bot.status).toBe(400);
    }
    const honest = await placeOrder(
      t,
      shop,
      { items: [{ productId: pao, quantity: 1 }] },
      { headers },
    );
    expect(honest.status).toBe(429);
  });
});

describe('money a visitor can make', () => {
  it('refuses 50 lines × 999 of a R$ 2.100,00 product with a 400 naming it, not a 500', async () => {
    const tv = await addProduct(t, shop, { name: 'Televisão', price: '2100.00' });
    const items = Array.from({ length: 50 }, () => ({ productId: tv, quantity: 999 }));
    const res = await placeOrder(t, shop, { items });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(lineTotalTooHigh('Televisão'));
  });

  it('refuses a total over R$ 1.000.000,00 made of lines each under it', async () => {
    const tv = await addProduct(t, shop, { name: 'Televisão', price: '2100.00' });
    // 50 × 10 × R$ 2.100,00 = R$ 1.050.000,00: each line R$ 21.000,00.
    const items = Array.from({ length: 50 }, () => ({ productId: tv, quantity: 10 }));
    const res = await placeOrder(t, shop, { items });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(ORDER_TOTAL_TOO_HIGH);
    const before = await t.db.select().from(orders).where(eq(orders.storeId, shop.storeId));
    expect(before.every((o) => Number(o.total) <= 1_000_000)).toBe(true);
  });

  it('takes an order of exactly R$ 1.000.000,00 and refuses one centavo more', async () => {
    const car = await addProduct(t, shop, { name: 'Carro', price: '1000000.00' });
    const dearer = await addProduct(t, shop, { name: 'Carro novo', price: '1000000.01' });
    const ok = await placeOrder(t, shop, { items: [{ productId: car, quantity: 1 }] });
    expect(ok.status).toBe(201);
    expect(ok.body.total).toBe('1000000.00');
    const over = await placeOrder(t, shop, { items: [{ productId: dearer, quantity: 1 }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(lineTotalTooHigh('Carro novo'));
  });
});

describe("the form's retry after a 5xx", () => {
  it('replays the order the first try placed: one order, the same code', async () => {
    const pao = await addProduct(t, shop, { name: 'Pão', price: '1.50' });
    const address = newAddress();
    let calls = 0;
    // The first answer is lost to a 500 after the server committed (a proxy, a crash mid-answer).
    const sender = orderSender(async (url, init) => {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', address);
      const res = await t.app.request(url, { ...init, headers });
      calls++;
      if (calls === 1) {
        expect(res.status).toBe(201);
        return new Response(JSON.stringify({ message: 'Erro interno.' }), { status: 500 });
      }
      return res;
    });
    const phone = nextMobile();
    const body = {
      items: [{ productId: pao, quantity: 2 }],
      customer: { name: 'Maria', phone },
      delivery: 'retirada',
      fillMs: 5000,
    };
    expect((await sender.send(shop.slug, body)).kind).toBe('unsure');
    const second = await sender.send(shop.slug, body);
    expect(second.kind).toBe('placed');
    const placed = await t.db.select().from(orders).where(eq(orders.customerPhone, phone));
    expect(placed).toHaveLength(1);
    expect(second.kind === 'placed' && second.placed.code).toBe(placed[0]?.code);
    expect(placed[0]?.total).toBe('3.00');
  });
});

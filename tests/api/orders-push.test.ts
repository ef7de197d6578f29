/**
 * A storefront order reaches the owner's subscribed devices as a Web Push (issue 20: the order
 * placed through POST /loja/:slug/pedidos, the notification from services/push). The process
 * trusts the local push service's certificate as NODE_EXTRA_CA_CERTS would make it (here through
 * the global HTTPS agent, restored afterwards); push-server-trust.test.ts runs the real variable.
 */
import { randomUUID } from 'node:crypto';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBRL } from '../../src/domain/money';
import { addProduct, createShop, placeOrder } from './orders-fixtures';
import { type PushService, startPushService } from './push-service-fake';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
let push: PushService;
const globalCa = https.globalAgent.options.ca;

beforeAll(async () => {
  push = await startPushService();
  https.globalAgent.options.ca = push.agent.options.ca;
  t = await createTestApp({
    env: testEnv({ TRUST_PROXY: 'true', PUSH_ENDPOINT_HOSTS: push.host }),
  });
});
afterAll(async () => {
  https.globalAgent.options.ca = globalCa;
  await t.close();
  await push.close();
});

async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('no push arrived in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a storefront order', () => {
  it("reaches the owner's subscribed phone once, with its code, total and screen", async () => {
    const shop = await createShop(t);
    const phone = push.device();
    const subscribed = await t.call('POST', '/api/push/subscriptions', phone, shop.token);
    expect(subscribed.status).toBe(201);
    const cake = await addProduct(t, shop, { name: 'Bolo de fubá', price: '22.95' });

    const key = randomUUID();
    const placed = await placeOrder(
      t,
      shop,
      { items: [{ productId: cake, quantity: 2 }] },
      { key },
    );
    expect(placed.status).toBe(201);
    const request = await until(() => push.to(phone)[0]);
    expect(request.problems).toEqual([]);
    expect(push.decrypt(phone, request)).toEqual({
      title: `Novo pedido ${placed.body.code} — ${formatBRL('45.90')}`,
      body: 'Toque para ver o pedido.',
      url: `/pedidos/${placed.body.id}`,
      tag: `pedido-${placed.body.id}`,
    });

    // The customer's phone sends the same order again (its answer was lost): the same order,
    // and no second notification.
    const again = await placeOrder(t, shop, { items: [{ productId: cake, quantity: 2 }] }, { key });
    expect(again.body.id).toBe(placed.body.id);
    await new Promise((r) => setTimeout(r, 500));
    expect(push.to(phone)).toHaveLength(1);
  });

  it("never reaches another store's devices", async () => {
    const shop = await createShop(t, 'Loja A');
    const other = await createShop(t, 'Loja B');
    const theirs = push.device();
    expect((await t.call('POST', '/api/push/subscriptions', theirs, other.token)).status).toBe(201);
    const bread = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const placed = await placeOrder(t, shop, { items: [{ productId: bread, quantity: 1 }] });
    expect(placed.status).toBe(201);
    await new Promise((r) => setTimeout(r, 500));
    expect(push.to(theirs)).toHaveLength(0);
  });
});

/**
 * New-order notifications through the outbox (decision 018): retried on 429/5xx/no answer with
 * backoff, dropped on 410, never sent twice to a device that accepted, and a drainer that died
 * mid-send (its lease runs out) does not stop the next one. Against the local push service.
 */
import https from 'node:https';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushOutbox, pushSubscriptions } from '../../server/db/schema';
import { logger } from '../../server/logger';
import {
  backoffMs,
  drainDueNotifications,
  MAX_ATTEMPTS,
  settleKicked,
} from '../../server/services/push/outbox';
import { addProduct, createShop, placeOrder, type Shop } from './orders-fixtures';
import { type FakeDevice, type PushService, startPushService } from './push-service-fake';
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
  await settleKicked();
  https.globalAgent.options.ca = globalCa;
  await t.close();
  await push.close();
});

const later = (ms: number) => () => new Date(Date.now() + ms);

async function subscribed(shop: Shop, answer = 201): Promise<FakeDevice> {
  const device = push.device();
  push.answer(device, answer);
  expect((await t.call('POST', '/api/push/subscriptions', device, shop.token)).status).toBe(201);
  return device;
}

async function order(shop: Shop) {
  const p = await addProduct(t, shop, { name: 'Bolo', price: '10.00' });
  const placed = await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] });
  expect(placed.status).toBe(201);
  await settleKicked();
  return placed.body as { id: string; code: string };
}

async function outboxOf(orderId: string) {
  const [row] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.orderId, orderId));
  return row;
}

function titleOf(device: FakeDevice, i: number): string {
  const request = push.to(device)[i];
  if (!request) throw new Error(`no push number ${i + 1}`);
  return (push.decrypt(device, request) as { title: string }).title;
}

describe('a new-order notification', () => {
  it('503 then 201: the phone gets it once; the phone that took it at first is not sent it again', async () => {
    const shop = await createShop(t);
    const flaky = await subscribed(shop, 503);
    const steady = await subscribed(shop);
    const placed = await order(shop);
    expect(push.to(flaky)).toHaveLength(1);
    expect(push.to(steady)).toHaveLength(1);
    const pending = await outboxOf(placed.id);
    expect(pending).toMatchObject({ state: 'pending', attempts: 1 });
    // Backoff: not due at once.
    expect((pending?.nextAttemptAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(3_000);
    expect((await drainDueNotifications(t.db, { storeId: shop.storeId })).drained).toBe(0);

    push.answer(flaky, 201);
    await drainDueNotifications(t.db, { storeId: shop.storeId, now: later(10_000) });
    await settleKicked();
    expect(push.to(flaky)).toHaveLength(2);
    expect(titleOf(flaky, 1)).toContain(placed.code);
    expect(push.to(steady)).toHaveLength(1);
    expect(await outboxOf(placed.id)).toMatchObject({ state: 'done' });
    // Nothing more, however late.
    await drainDueNotifications(t.db, { storeId: shop.storeId, now: later(86_400_000) });
    expect(push.to(flaky)).toHaveLength(2);
  });

  it('backs off longer each time (a Retry-After up to an hour), then gives up after the last attempt', async () => {
    expect(backoffMs(1, 120_000)).toBe(120_000);
    expect(backoffMs(1)).toBe(5_000);
    expect(backoffMs(3)).toBe(120_000);
    const shop = await createShop(t);
    const busy = await subscribed(shop, 500);
    const placed = await order(shop);
    for (let i = 2; i <= MAX_ATTEMPTS + 2; i++) {
      await drainDueNotifications(t.db, { storeId: shop.storeId, now: later(i * 3_600_000) });
    }
    expect(push.to(busy)).toHaveLength(MAX_ATTEMPTS);
    expect(await outboxOf(placed.id)).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('drops a device the push service calls gone (410) and finishes', async () => {
    const shop = await createShop(t);
    const gone = await subscribed(shop, 410);
    const placed = await order(shop);
    expect(push.to(gone)).toHaveLength(1);
    expect(await outboxOf(placed.id)).toMatchObject({ state: 'done' });
    const left = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.storeId, shop.storeId));
    expect(left).toHaveLength(0);
  });

  it('a drainer that died mid-send: the next one sends after its lease runs out', async () => {
    const shop = await createShop(t);
    const phone = await subscribed(shop, 0); // takes the push and never answers
    const p = await addProduct(t, shop, { name: 'Pão', price: '1.00' });
    const placed = await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }] });
    const deadline = Date.now() + 5_000;
    while (push.to(phone).length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    // While the first drainer holds the row nobody else sends it.
    expect(
      (await drainDueNotifications(t.db, { storeId: shop.storeId, now: later(10_000) })).drained,
    ).toBe(0);
    push.answer(phone, 201);
    const next = await drainDueNotifications(t.db, { storeId: shop.storeId, now: later(70_000) });
    expect(next.sent).toBe(1);
    expect(titleOf(phone, 1)).toContain(placed.body.code);
    // The first drainer's late end (its request times out) changes nothing.
    await settleKicked();
    expect(await outboxOf(placed.body.id)).toMatchObject({ state: 'done' });
    await drainDueNotifications(t.db, { storeId: shop.storeId, now: later(86_000_000) });
    expect(push.to(phone)).toHaveLength(2);
  }, 30_000);
});

describe('a stop right after an order (a deploy)', () => {
  it('waits for the push in flight to be answered and recorded before the database closes', async () => {
    const app = await createTestApp({
      env: testEnv({ TRUST_PROXY: 'true', PUSH_ENDPOINT_HOSTS: push.host }),
    });
    const errors = vi.spyOn(logger, 'error');
    try {
      const shop = await createShop(app);
      const phone = push.device();
      push.answer(phone, 201, 1500); // the push service takes its time
      const sub = await app.call('POST', '/api/push/subscriptions', phone, shop.token);
      expect(sub.status).toBe(201);
      const p = await addProduct(app, shop, { name: 'Café', price: '5.00' });
      const placed = await placeOrder(app, shop, { items: [{ productId: p, quantity: 1 }] });
      expect(placed.status).toBe(201);
      const closing = Date.now();
      await app.close(); // SIGTERM's path: requests drained, jobs stopped, database closed
      expect(Date.now() - closing).toBeGreaterThanOrEqual(1000); // it waited for the answer
      await settleKicked();
      expect(push.to(phone)).toHaveLength(1);
      expect(titleOf(phone, 0)).toContain(placed.body.code);
      // The send's outcome was written before the close: nothing failed on a closed database.
      const failed = errors.mock.calls.filter(([message]) => message === 'push notify failed');
      expect(failed).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  }, 30_000);
});

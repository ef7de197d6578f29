/**
 * A process that dies between an order's commit and its push (decision 018): the order's own
 * transaction wrote the outbox row, so the next process's drain (the push-outbox job) notifies.
 * The state such a crash leaves: the order and its outbox row committed, no push sent. Built
 * here by writing the row with the order's own function for a placed order (no mock: the test
 * files share modules), with no kick after it.
 */
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeStore } from '../../server/db/store-write';
import { drainDueNotifications, recordOrderNotification } from '../../server/services/push/outbox';
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

describe('a restart between the order and its notification', () => {
  it('still notifies the owner, once', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Bolo', price: '22.95' });
    const placed = await placeOrder(t, shop, { items: [{ productId: p, quantity: 2 }] });
    expect(placed.status).toBe(201);
    const phone = push.device();
    expect((await t.call('POST', '/api/push/subscriptions', phone, shop.token)).status).toBe(201);
    // What the order's transaction wrote; the process "dies" before its kick.
    await writeStore(t.db, shop.storeId, (tx) =>
      recordOrderNotification(
        tx,
        shop.storeId,
        { id: placed.body.id, code: placed.body.code, totalCents: 4590 },
        new Date(),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(push.to(phone)).toHaveLength(0);

    // The next process: the job's first run.
    const run = await drainDueNotifications(t.db, { storeId: shop.storeId });
    expect(run).toMatchObject({ drained: 1, sent: 1 });
    const [request] = push.to(phone);
    if (!request) throw new Error('no push');
    expect(push.decrypt(phone, request)).toMatchObject({
      url: `/pedidos/${placed.body.id}`,
      tag: `pedido-${placed.body.id}`,
    });
    // Two processes' jobs running later send nothing more.
    await Promise.all([
      drainDueNotifications(t.db, { storeId: shop.storeId }),
      drainDueNotifications(t.db, { storeId: shop.storeId }),
    ]);
    expect(push.to(phone)).toHaveLength(1);
  });
});

/** New-order notifications: valid Web Push to every device of the store, gone devices dropped. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushSubscriptions } from '../../server/db/schema';
import { notifyNewOrder, sendToStore } from '../../server/services/push/notify';
import { formatBRL } from '../../src/domain/money';
import { createOwner, newId, type Owner } from './fixtures';
import { type FakeDevice, type PushService, startPushService } from './push-service-fake';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
let push: PushService;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ env: testEnv({ PUSH_ENDPOINT_HOSTS: push.host }) });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

async function subscribe(owner: Owner, device: FakeDevice = push.device()) {
  const res = await t.call('POST', '/api/push/subscriptions', device, owner.token);
  expect(res.status).toBe(201);
  return device;
}

const order = (totalCents = 4590) => ({ id: newId(), code: 'P-4K7Q', totalCents });
const notify = (owner: Owner, o = order()) =>
  notifyNewOrder(t.db, owner.storeId, o, { agent: push.agent });

describe('a new order', () => {
  it('reaches every device of the store as a valid, encrypted Web Push', async () => {
    const owner = await createOwner(t);
    const phone = await subscribe(owner);
    const tablet = await subscribe(owner);
    const o = order();
    const report = await notify(owner, o);
    expect(report).toEqual({ sent: 2, gone: 0, failed: 0 });

    const { publicKey } = (await t.call('GET', '/api/push/vapid-public-key')).body;
    for (const device of [phone, tablet]) {
      const [request] = push.to(device);
      if (!request) throw new Error('no push reached the device');
      expect(request.problems).toEqual([]);
      expect(request.vapidKey).toBe(publicKey);
      expect(request.jwt?.aud).toBe(push.origin);
      expect(request.headers.urgency).toBe('high');
      expect(Number(request.headers.ttl)).toBe(86_400);
      expect(push.decrypt(device, request)).toEqual({
        title: `Novo pedido P-4K7Q — ${formatBRL('45.90')}`,
        body: 'Toque para ver o pedido.',
        url: `/pedidos/${o.id}`,
        tag: `pedido-${o.id}`,
      });
    }
    expect(formatBRL('45.90').replace('\u00a0', ' ')).toBe('R$ 45,90');
  });

  it('reaches a device whose keys changed with the new keys only', async () => {
    const owner = await createOwner(t);
    const old = await subscribe(owner);
    const renewed = { ...push.device(old.name), endpoint: old.endpoint };
    await subscribe(owner, renewed);
    await notify(owner);
    const [request] = push.to(old);
    if (!request) throw new Error('no push');
    expect(push.decrypt(renewed, request)).toMatchObject({ body: 'Toque para ver o pedido.' });
    expect(() => push.decrypt(old, request)).toThrow();
  });

  it('never reaches another store devices', async () => {
    const mine = await createOwner(t);
    const theirs = await createOwner(t, 'Outra');
    const myPhone = await subscribe(mine);
    const report = await notify(theirs);
    expect(report.sent).toBe(0);
    expect(push.to(myPhone)).toHaveLength(0);
  });

  it('returns to the caller before anything is sent', async () => {
    const owner = await createOwner(t);
    const device = await subscribe(owner);
    const pending = notify(owner);
    expect(push.to(device)).toHaveLength(0);
    await pending;
    expect(push.to(device)).toHaveLength(1);
  });
});

describe('push service answers', () => {
  it('410 Gone: the device is forgotten and not pushed to again', async () => {
    const owner = await createOwner(t);
    const gone = await subscribe(owner);
    const kept = await subscribe(owner);
    push.answer(gone, 410);
    expect(await notify(owner)).toEqual({ sent: 1, gone: 1, failed: 0 });
    const rows = await t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.storeId, owner.storeId));
    expect(rows.map((r) => r.endpoint)).toEqual([kept.endpoint]);
    await notify(owner);
    expect(push.to(gone)).toHaveLength(1);
    expect(push.to(kept)).toHaveLength(2);
  });

  it('404 also drops the device', async () => {
    const owner = await createOwner(t);
    const device = await subscribe(owner);
    push.answer(device, 404);
    expect(await notify(owner)).toEqual({ sent: 0, gone: 1, failed: 0 });
  });

  it('500: the device is kept, the failure logged without its endpoint or keys', async () => {
    const owner = await createOwner(t);
    const device = await subscribe(owner);
    push.answer(device, 500);
    const logged: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((line) => {
      logged.push(String(line));
      return true;
    });
    try {
      expect(await notify(owner)).toEqual({ sent: 0, gone: 0, failed: 1 });
    } finally {
      spy.mockRestore();
    }
    const text = logged.join('');
    expect(text).toContain('push send failed');
    expect(text).toContain('"status":500');
    expect(text).not.toContain(device.name);
    expect(text).not.toContain(device.keys.auth);
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toHaveLength(1);
  });

  it('a push service that cannot be reached fails that device only', async () => {
    const owner = await createOwner(t);
    const reachable = await subscribe(owner);
    const closed = await startPushService();
    const unreachable = closed.device();
    await closed.close();
    await t.db.insert(pushSubscriptions).values({
      storeId: owner.storeId,
      userId: owner.userId,
      endpoint: unreachable.endpoint,
      ...unreachable.keys,
    });
    const logged: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((line) => {
      logged.push(String(line));
      return true;
    });
    const report = await sendToStore(
      t.db,
      owner.storeId,
      { title: 'Teste', body: 'Corpo', url: '/' },
      { agent: push.agent },
    ).finally(() => spy.mockRestore());
    expect(logged.join('')).toContain('ECONNREFUSED');
    expect(report).toEqual({ sent: 1, gone: 0, failed: 1 });
    expect(push.to(reachable)).toHaveLength(1);
  });

  it('a push service that never answers is given up on; the others are not held', async () => {
    const owner = await createOwner(t);
    const silent = await subscribe(owner);
    const answering = await subscribe(owner);
    push.answer(silent, 0);
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const started = Date.now();
    const report = await notifyNewOrder(t.db, owner.storeId, order(), {
      agent: push.agent,
      timeoutMs: 500,
    }).finally(() => spy.mockRestore());
    expect(report).toEqual({ sent: 1, gone: 0, failed: 1 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(push.to(answering)).toHaveLength(1);
  });

  it('a database failure never reaches the caller', async () => {
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const report = await notifyNewOrder(t.db, 'not-a-store-id', order(), { agent: push.agent });
      expect(report).toEqual({ sent: 0, gone: 0, failed: 0 });
      expect(spy.mock.calls.map(([line]) => String(line)).join('')).toContain('push notify failed');
    } finally {
      spy.mockRestore();
    }
  });
});

/** Push subscriptions through the API: the public key, subscribing, refusals, upsert, unsubscribing. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../server/db/schema';
import { notifyNewOrder } from '../../server/services/push/notify';
import { MAX_SUBSCRIPTIONS_PER_STORE } from '../../server/services/push/subscriptions';
import { createOwner, newId, type Owner } from './fixtures';
import { expectRefused, hostileBodies, raw } from './hostile-helpers';
import { type PushService, startPushService } from './push-service-fake';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;
let push: PushService;
let owner: Owner;

const MISSING = 'Envie a inscrição de notificações do navegador (endpoint e chaves).';
const BAD_ENDPOINT =
  'Endereço de notificações não aceito: use o serviço de notificações do navegador.';
const BAD_KEYS = 'Chaves da inscrição de notificações inválidas.';

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ env: testEnv({ PUSH_ENDPOINT_HOSTS: push.host }) });
  owner = await createOwner(t);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const devicesOf = (storeId: string) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.storeId, storeId));

describe('the VAPID public key', () => {
  it('is a P-256 public key, the same on every call', async () => {
    type Key = { publicKey: string };
    const first = await t.call<Key>('GET', '/api/push/vapid-public-key');
    const second = await t.call<Key>('GET', '/api/push/vapid-public-key');
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(first.body.publicKey, 'base64url')[0]).toBe(0x04);
    expect(second.body.publicKey).toBe(first.body.publicKey);
    expect(JSON.stringify(first.body)).not.toMatch(/private/i);
  });

  it('comes from VAPID_PUBLIC_KEY when env sets the pair', async () => {
    const keys = (await import('web-push')).default.generateVAPIDKeys();
    const other = await createTestApp({
      env: testEnv({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }),
    });
    try {
      const res = await other.call('GET', '/api/push/vapid-public-key');
      expect(res.body.publicKey).toBe(keys.publicKey);
    } finally {
      await other.close();
    }
  });
});

describe('subscribing a device', () => {
  it('keeps the browser subscription for the caller store', async () => {
    const device = push.device();
    const res = await t.call('POST', '/api/push/subscriptions', device, owner.token);
    expect(res.status).toBe(201);
    const rows = await devicesOf(owner.storeId);
    expect(rows.map((r) => r.endpoint)).toContain(device.endpoint);
  });

  it('the same endpoint again updates its keys: still one device', async () => {
    const device = push.device();
    await t.call('POST', '/api/push/subscriptions', device, owner.token);
    const renewed = { ...push.device(device.name), endpoint: device.endpoint };
    const [a, b] = await Promise.all([
      t.call('POST', '/api/push/subscriptions', renewed, owner.token),
      t.call('POST', '/api/push/subscriptions', renewed, owner.token),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const rows = (await devicesOf(owner.storeId)).filter((r) => r.endpoint === device.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.p256dh).toBe(renewed.keys.p256dh);
  });

  it('another store cannot take a device: 409, and the first store keeps getting its orders', async () => {
    const first = await createOwner(t, 'Primeira Loja');
    const other = await createOwner(t, 'Outra Loja');
    const device = push.device();
    expect((await t.call('POST', '/api/push/subscriptions', device, first.token)).status).toBe(201);
    // Its own keys (a browser's real subscription shape) on the same endpoint, at once: no race wins.
    const stolen = { ...push.device(), endpoint: device.endpoint };
    const [a, b] = await Promise.all([
      t.call('POST', '/api/push/subscriptions', stolen, other.token),
      t.call('POST', '/api/push/subscriptions', device, other.token),
    ]);
    for (const res of [a, b]) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        message: 'Este aparelho já recebe as notificações de outra loja.',
      });
    }
    expect(await devicesOf(other.storeId)).toEqual([]);
    const mine = await devicesOf(first.storeId);
    expect(mine.map((r) => [r.endpoint, r.p256dh])).toEqual([
      [device.endpoint, device.keys.p256dh],
    ]);
    const report = await notifyNewOrder(
      t.db,
      first.storeId,
      { id: newId(), code: 'P-AAAA', totalCents: 100 },
      { agent: push.agent },
    );
    expect(report).toEqual({ sent: 1, gone: 0, failed: 0 });
    const [request] = push.to(device);
    expect(push.decrypt(device, request as NonNullable<typeof request>)).toMatchObject({
      title: expect.stringContaining('P-AAAA'),
    });
    // Its own store re-subscribing (the app reopening Configurações) is still fine.
    expect((await t.call('POST', '/api/push/subscriptions', device, first.token)).status).toBe(201);
  });

  it(`keeps at most ${MAX_SUBSCRIPTIONS_PER_STORE} devices per store, dropping the oldest`, async () => {
    const busy = await createOwner(t, 'Loja Cheia');
    const first = push.device();
    await t.call('POST', '/api/push/subscriptions', first, busy.token);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_STORE; i += 1) {
      await t.call('POST', '/api/push/subscriptions', push.device(), busy.token);
    }
    const rows = await devicesOf(busy.storeId);
    expect(rows).toHaveLength(MAX_SUBSCRIPTIONS_PER_STORE);
    expect(rows.some((r) => r.endpoint === first.endpoint)).toBe(false);
  });

  it('needs a session', async () => {
    const res = await t.call('POST', '/api/push/subscriptions', push.device());
    expect(res.status).toBe(401);
  });
});

describe('refused subscriptions', () => {
  const good = () => push.device();
  const cases: [string, () => unknown, string][] = [
    ['not JSON', () => '{"endpoint":', 'Corpo da requisição inválido: envie JSON'],
    ['no keys', () => ({ endpoint: good().endpoint }), MISSING],
    ['an array', () => [good()], MISSING],
    [
      'a plain http endpoint',
      () => ({ ...good(), endpoint: `http://${push.host}/push/x` }),
      BAD_ENDPOINT,
    ],
    [
      'an unknown host',
      () => ({ ...good(), endpoint: 'https://evil.example.com/push/x' }),
      BAD_ENDPOINT,
    ],
    ['another port', () => ({ ...good(), endpoint: 'https://127.0.0.1:1/push/x' }), BAD_ENDPOINT],
    [
      'credentials in the URL',
      () => ({ ...good(), endpoint: `https://u:p@${push.host}/x` }),
      BAD_ENDPOINT,
    ],
    [
      'a host dropped by PUSH_ENDPOINT_HOSTS',
      () => ({ ...good(), endpoint: 'https://fcm.googleapis.com/fcm/send/x' }),
      BAD_ENDPOINT,
    ],
    ['a short p256dh', () => ({ ...good(), keys: { ...good().keys, p256dh: 'AAAA' } }), BAD_KEYS],
    [
      'a compressed p256dh',
      () => ({
        ...good(),
        keys: { ...good().keys, p256dh: Buffer.alloc(65, 2).toString('base64url') },
      }),
      BAD_KEYS,
    ],
    [
      'an auth of 15 bytes',
      () => ({ ...good(), keys: { ...good().keys, auth: Buffer.alloc(15).toString('base64url') } }),
      BAD_KEYS,
    ],
    ['keys that are not text', () => ({ ...good(), keys: { p256dh: 1, auth: null } }), BAD_KEYS],
  ];
  it.each(cases)('%s → 400 with a Portuguese message', async (_name, body, message) => {
    const res = await t.call('POST', '/api/push/subscriptions', body(), owner.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('hostile bodies', () => {
  it('each is refused with a 4xx and a message, and no device is saved', async () => {
    const target = await createOwner(t, 'Alvo');
    for (const method of ['POST', 'DELETE']) {
      for (const [label, body] of hostileBodies()) {
        const res = await raw(t, method, '/api/push/subscriptions', { token: target.token, body });
        expectRefused(res, `${method} with ${label}`);
      }
    }
    expect(await devicesOf(target.storeId)).toEqual([]);
  });
});

describe('unsubscribing', () => {
  it('removes the caller device; again is still fine', async () => {
    const device = push.device();
    await t.call('POST', '/api/push/subscriptions', device, owner.token);
    const body = { endpoint: device.endpoint };
    expect((await t.call('DELETE', '/api/push/subscriptions', body, owner.token)).status).toBe(204);
    expect((await t.call('DELETE', '/api/push/subscriptions', body, owner.token)).status).toBe(204);
    const rows = await devicesOf(owner.storeId);
    expect(rows.some((r) => r.endpoint === device.endpoint)).toBe(false);
  });

  it('cannot remove another store device', async () => {
    const other = await createOwner(t, 'Vizinha');
    const device = push.device();
    await t.call('POST', '/api/push/subscriptions', device, owner.token);
    await t.call('DELETE', '/api/push/subscriptions', { endpoint: device.endpoint }, other.token);
    const rows = await devicesOf(owner.storeId);
    expect(rows.some((r) => r.endpoint === device.endpoint)).toBe(true);
  });

  it('without an endpoint → 400', async () => {
    const res = await t.call('DELETE', '/api/push/subscriptions', {}, owner.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MISSING);
  });
});

describe('the key pair', () => {
  it('two processes making it at once on a fresh database keep one pair', async () => {
    const { vapidKeys } = await import('../../server/services/push/keys');
    const { pushKeys } = await import('../../server/db/schema');
    await t.db.delete(pushKeys);
    const [a, b] = await Promise.all([vapidKeys(t.db), vapidKeys(t.db)]);
    expect(a.publicKey).toBe(b.publicKey);
    expect(a.privateKey).toBe(b.privateKey);
    const res = await t.call('GET', '/api/push/vapid-public-key');
    expect(res.body.publicKey).toBe(a.publicKey);
  });
});

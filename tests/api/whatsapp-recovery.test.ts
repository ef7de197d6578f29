/**
 * A WhatsApp connection that recovers: 'Conectar com código' (Evolution's connect with `number`,
 * and the sandbox's), and an honest status when the gateway stops answering.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, whatsappConnections } from '../../server/db/schema';
import { DISCONNECTED_REASON } from '../../server/services/campaigns/pause';
import { ensureConnection } from '../../server/services/whatsapp/connections';
import { WEBHOOK_FRESH_MS } from '../../server/services/whatsapp/honest-state';
import { createEvolutionApp } from './evolution-app';
import { startFakeEvolution } from './evolution-fake';
import { createTestApp, type TestApp } from './test-app';
import { seedStore } from './whatsapp-fixtures';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeEvolution>>;

beforeAll(async () => {
  fake = await startFakeEvolution();
  ({ t } = await createEvolutionApp(fake.url, { qrPollDelaysMs: [5, 5, 5] }));
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const connectCalls = (storeId: string) =>
  fake.requests.filter((r) => r.path === `/instance/connect/tali-${storeId}`);

describe('Conectar com código (Evolution)', () => {
  it('a new instance is created with the number and the 8-character code comes back', async () => {
    const owner = await seedStore(t.db);
    const res = await t.call(
      'GET',
      '/api/whatsapp/pairing-code?number=(11)%2098765-4321',
      undefined,
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'CONECTANDO', connected: false });
    expect(res.body.pairingCode).toMatch(/^[0-9A-Z]{8}$/);
    const create = fake.requests.find(
      (r) =>
        r.path === '/instance/create' &&
        (r.body as { instanceName: string }).instanceName === `tali-${owner.storeId}`,
    );
    expect(create?.body).toMatchObject({ number: '5511987654321', qrcode: true });
  });

  it('an instance showing a QR is restarted with the number (Evolution takes it only from close)', async () => {
    const owner = await seedStore(t.db);
    await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
    expect(fake.instances.get(`tali-${owner.storeId}`)).toBe('connecting');
    const res = await t.call(
      'GET',
      '/api/whatsapp/pairing-code?number=11987654321',
      undefined,
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.pairingCode).toMatch(/^[0-9A-Z]{8}$/);
    const logout = fake.requests.findIndex(
      (r) => r.method === 'DELETE' && r.path === `/instance/logout/tali-${owner.storeId}`,
    );
    expect(logout).toBeGreaterThan(-1);
    // The webhook is re-pointed too, so the connection's events reach Talí.
    expect(fake.webhooks.get(`tali-${owner.storeId}`)?.url).toContain(owner.storeId);
    // The stand-in, like Evolution, makes a code only for a connection started with the number.
    expect(connectCalls(owner.storeId).length).toBeGreaterThan(0);
  });

  it('already connected: no code, CONECTADO', async () => {
    const owner = await seedStore(t.db);
    await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
    fake.instances.set(`tali-${owner.storeId}`, 'open');
    const res = await t.call(
      'GET',
      '/api/whatsapp/pairing-code?number=11987654321',
      undefined,
      owner.token,
    );
    expect(res.body).toEqual({
      pairingCode: null,
      status: 'CONECTADO',
      connected: true,
      provider: 'evolution',
    });
  });

  it('an invalid number is a 400 in Portuguese and never reaches the gateway', async () => {
    const owner = await seedStore(t.db);
    const before = fake.requests.length;
    for (const n of ['', '123', '00987654321', '+1%20415%20555%200100', 'abc', '1'.repeat(60)]) {
      const res = await t.call(
        'GET',
        `/api/whatsapp/pairing-code?number=${n}`,
        undefined,
        owner.token,
      );
      expect(res, n).toMatchObject({ status: 400, body: { message: 'Telefone inválido' } });
    }
    const none = await t.call('GET', '/api/whatsapp/pairing-code', undefined, owner.token);
    expect(none.status).toBe(400);
    expect(fake.requests.length).toBe(before);
  });

  it('without a session: 401', async () => {
    expect((await t.call('GET', '/api/whatsapp/pairing-code?number=11987654321')).status).toBe(401);
  });
});

describe('an honest status', () => {
  it("open before, no webhook for long, the gateway silent → 'VERIFICANDO', not 'CONECTADO'", async () => {
    const { t: t2 } = await createEvolutionApp('http://127.0.0.1:9', {
      publicUrl: 'https://x.com',
    });
    try {
      const owner = await seedStore(t2.db);
      await t2.db.insert(whatsappConnections).values({
        storeId: owner.storeId,
        provider: 'evolution',
        instanceName: `tali-${owner.storeId}`,
        webhookSecret: 's'.repeat(43),
        state: 'connected',
        lastEventAt: new Date(Date.now() - WEBHOOK_FRESH_MS - 60_000),
      });
      const res = await t2.call('GET', '/api/whatsapp/status', undefined, owner.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'VERIFICANDO',
        connected: false,
        provider: 'evolution',
        recheckInSeconds: 10,
      });
      // A webhook just arrived: the gateway is alive, one failed status call does not undo it.
      await t2.db
        .update(whatsappConnections)
        .set({ lastEventAt: new Date() })
        .where(eq(whatsappConnections.storeId, owner.storeId));
      const fresh = await t2.call('GET', '/api/whatsapp/status', undefined, owner.token);
      expect(fresh.body).toMatchObject({ status: 'CONECTADO', connected: true });
      // Never connected and the gateway silent: still the gateway's error (502), not a guess.
      const other = await seedStore(t2.db);
      expect((await t2.call('GET', '/api/whatsapp/status', undefined, other.token)).status).toBe(
        502,
      );
    } finally {
      await t2.close();
    }
  });

  it('an instance linked before receipts existed gets its webhook re-pointed once, by a status read', async () => {
    const owner = await seedStore(t.db);
    await ensureConnection(t.db, owner.storeId, 'evolution');
    fake.instances.set(`tali-${owner.storeId}`, 'open');
    const sets = () => fake.requests.filter((r) => r.path === `/webhook/set/tali-${owner.storeId}`);
    for (let i = 0; i < 3; i++) {
      const res = await t.call('GET', '/api/whatsapp/status', undefined, owner.token);
      expect(res.body.status).toBe('CONECTADO');
    }
    expect(sets()).toHaveLength(1);
    expect(sets()[0]?.body).toMatchObject({
      webhook: { enabled: true, events: expect.arrayContaining(['MESSAGES_UPDATE']) },
    });
  });

  it('a webhook call is a sign of life (recorded on the connection)', async () => {
    const owner = await seedStore(t.db);
    await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
    const hook = fake.webhooks.get(`tali-${owner.storeId}`);
    const res = await t.app.request(new URL(hook?.url ?? 'http://x').pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...hook?.headers },
      body: JSON.stringify({ event: 'connection.update', data: { state: 'open' } }),
    });
    expect(res.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.storeId, owner.storeId));
    expect(row?.lastEventAt?.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('disconnected with a campaign paused by it: the status names the campaign and why', async () => {
    const owner = await seedStore(t.db);
    await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
    fake.instances.set(`tali-${owner.storeId}`, 'close');
    const [c] = await t.db
      .insert(campaigns)
      .values({
        storeId: owner.storeId,
        titulo: 'Black Friday',
        mensagem: 'Oi',
        status: 'pausado',
        pauseKind: 'disconnected',
        pauseReason: DISCONNECTED_REASON,
        confirmedAt: new Date(),
      })
      .returning();
    const res = await t.call('GET', '/api/whatsapp/status', undefined, owner.token);
    expect(res.body).toMatchObject({
      status: 'DESCONECTADO',
      connected: false,
      pausedCampaign: { id: c?.id, titulo: 'Black Friday', reason: DISCONNECTED_REASON },
    });
  });
});

describe('Conectar com código (sandbox)', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp();
  });
  afterAll(() => s.close());

  it('a code of 8 characters and the page that stands for typing it; a new code kills the old one', async () => {
    const owner = await seedStore(s.db);
    const first = await s.call(
      'GET',
      '/api/whatsapp/pairing-code?number=11987654321',
      undefined,
      owner.token,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'CONECTANDO', provider: 'sandbox' });
    expect(first.body.pairingCode).toMatch(/^[A-Z2-9]{8}$/);
    const second = await s.call(
      'GET',
      '/api/whatsapp/pairing-code?number=11987654321',
      undefined,
      owner.token,
    );
    expect(second.body.pairingCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(second.body.pairingCode).not.toBe(first.body.pairingCode);
    const stale = new URL(String(first.body.sandboxUrl));
    expect((await s.app.request(`${stale.pathname}${stale.search}`)).status).toBe(401);
    // Opening the current page stands for typing the code on the phone: connected.
    const page = new URL(String(second.body.sandboxUrl));
    expect((await s.app.request(`${page.pathname}${page.search}`)).status).toBe(200);
    const status = await s.call('GET', '/api/whatsapp/status', undefined, owner.token);
    expect(status.body.status).toBe('CONECTADO');
    const bad = await s.call('GET', '/api/whatsapp/pairing-code?number=12', undefined, owner.token);
    expect(bad).toMatchObject({ status: 400, body: { message: 'Telefone inválido' } });
  });
});

/** /api/whatsapp and the webhook when the store's number runs through an Evolution API gateway. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappConnections } from '../../server/db/schema';
import { createEvolutionApp } from './evolution-app';
import { FAKE_QR, startFakeEvolution } from './evolution-fake';
import type { TestApp } from './test-app';
import { seedStore, upsert } from './whatsapp-fixtures';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeEvolution>>;
let owner: Awaited<ReturnType<typeof seedStore>>;

beforeAll(async () => {
  fake = await startFakeEvolution();
  ({ t } = await createEvolutionApp(fake.url, { qrPollDelaysMs: [5] }));
  owner = await seedStore(t.db);
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const api = (method: string, path: string) => t.call(method, path, undefined, owner.token);

describe('WhatsApp through Evolution API', () => {
  it('status, QR, connected, disconnect — as the app sees them', async () => {
    expect((await api('GET', '/api/whatsapp/status')).body).toEqual({
      status: 'DESCONECTADO',
      connected: false,
      provider: 'evolution',
    });
    const qr = await api('GET', '/api/whatsapp/generate-qr');
    expect(qr.status).toBe(200);
    expect(qr.body).toMatchObject({ qrCode: FAKE_QR, status: 'CONECTANDO', provider: 'evolution' });
    expect((await api('GET', '/api/whatsapp/status')).body.status).toBe('CONECTANDO');
    // The owner scans the QR on the phone: the gateway reports the instance open.
    fake.instances.set(`tali-${owner.storeId}`, 'open');
    expect((await api('GET', '/api/whatsapp/status')).body).toEqual({
      status: 'CONECTADO',
      connected: true,
      provider: 'evolution',
    });
    const del = await api('DELETE', '/api/whatsapp/disconnect');
    expect(del.status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/instance/logout/tali-${owner.storeId}`,
    });
    expect((await api('GET', '/api/whatsapp/status')).body.connected).toBe(false);
  });

  it('a gateway that is down is a 502 with a Portuguese message, not a 500', async () => {
    const { t: t2 } = await createEvolutionApp('http://127.0.0.1:9', {
      publicUrl: 'https://x.com',
    });
    const someone = await seedStore(t2.db);
    const status = await t2.call('GET', '/api/whatsapp/status', undefined, someone.token);
    expect(status.status).toBe(502);
    expect(status.body.message).toMatch(/WhatsApp/);
    const qr = await t2.call('GET', '/api/whatsapp/generate-qr', undefined, someone.token);
    expect(qr).toMatchObject({
      status: 502,
      body: { message: 'Não foi possível gerar o QR Code. Tente novamente.' },
    });
    const del = await t2.call('DELETE', '/api/whatsapp/disconnect', undefined, someone.token);
    expect(del.body.message).toBe('Não foi possível desconectar o WhatsApp. Tente novamente.');
    await t2.close();
  });

  it('a customer message via the webhook is answered through sendText', async () => {
    fake.instances.set(`tali-${owner.storeId}`, 'open');
    const [row] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.storeId, owner.storeId));
    const body = upsert('oi');
    body.data.key = {
      remoteJid: '987654321098765@lid',
      remoteJidAlt: '5511987654321@s.whatsapp.net',
      addressingMode: 'lid',
      fromMe: false,
      id: 'M1',
    } as never;
    const res = await t.app.request(`/api/webhooks/whatsapp/${owner.storeId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-tali-secret': row?.webhookSecret ?? '' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const sent = fake.requests.at(-1);
    expect(sent?.path).toBe(`/message/sendText/tali-${owner.storeId}`);
    expect(sent?.body).toMatchObject({
      number: '5511987654321',
      text: expect.stringContaining('Empório da Ana'),
    });
  });
});

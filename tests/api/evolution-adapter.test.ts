/** The Evolution API v2 adapter against a local server that follows the gateway's contract. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { whatsappConnections } from '../../server/db/schema';
import { createEvolutionGateway } from '../../server/services/whatsapp/evolution-adapter';
import {
  GatewayError,
  GatewayOutcomeUnknownError,
  NumberNotOnWhatsAppError,
} from '../../server/services/whatsapp/gateway';
import { API_KEY, FAKE_QR, startFakeEvolution } from './evolution-fake';
import { createTestApp, type TestApp } from './test-app';
import { seedStore, upsert } from './whatsapp-fixtures';

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeEvolution>>;
let gateway: ReturnType<typeof createEvolutionGateway>;
let store: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeEvolution();
  gateway = createEvolutionGateway({
    db: t.db,
    baseUrl: `${fake.url}/`,
    apiKey: API_KEY,
    publicUrl: 'https://tali.exemplo.com.br',
    qrPollDelaysMs: [5, 5],
  });
  const seeded = await seedStore(t.db);
  store = { id: seeded.storeId };
});
afterAll(async () => {
  await fake.close();
  await t.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

describe('Evolution adapter', () => {
  it('creates the store instance with the webhook pointing at Talí and returns its QR', async () => {
    const result = await gateway.connect(store);
    expect(result).toEqual({ qrCode: FAKE_QR, state: 'connecting' });
    const [row] = await t.db
      .select()
      .from(whatsappConnections)
      .where(eq(whatsappConnections.storeId, store.id));
    expect(row?.provider).toBe('evolution');
    expect(row?.state).toBe('connecting');
    const create = fake.requests.find((r) => r.path === '/instance/create');
    expect(create?.method).toBe('POST');
    expect(create?.apikey).toBe(API_KEY);
    expect(create?.body).toEqual({
      instanceName: `tali-${store.id}`,
      integration: 'WHATSAPP-BAILEYS',
      qrcode: true,
      groupsIgnore: true,
      webhook: {
        url: `https://tali.exemplo.com.br/api/webhooks/whatsapp/${store.id}`,
        byEvents: false,
        base64: false,
        headers: { 'x-tali-secret': row?.webhookSecret },
        events: ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE', 'QRCODE_UPDATED'],
      },
    });
    expect(row?.webhookSecret.length).toBeGreaterThanOrEqual(40);
  });

  it('on a second connect re-points the webhook and polls until the QR is ready', async () => {
    fake.setEmptyQrCalls(2);
    const result = await gateway.connect(store);
    expect(result.qrCode).toBe(FAKE_QR);
    const paths = fake.requests.map((r) => `${r.method} ${r.path}`);
    const instance = `tali-${store.id}`;
    expect(paths).toEqual([
      `GET /instance/connectionState/${instance}`,
      `POST /webhook/set/${instance}`,
      `GET /instance/connect/${instance}`,
      `GET /instance/connect/${instance}`,
      `GET /instance/connect/${instance}`,
    ]);
    expect(fake.requests.every((r) => r.apikey === API_KEY)).toBe(true);
    const set = fake.requests[1]?.body as { webhook: { enabled: boolean; url: string } };
    expect(set.webhook.enabled).toBe(true);
    expect(set.webhook.url).toMatch(/\/api\/webhooks\/whatsapp\//);
  });

  it('maps the gateway states open / connecting / close', async () => {
    const instance = `tali-${store.id}`;
    fake.instances.set(instance, 'open');
    expect(await gateway.state(store)).toBe('connected');
    expect(await gateway.connect(store)).toEqual({ qrCode: null, state: 'connected' });
    fake.instances.set(instance, 'connecting');
    expect(await gateway.state(store)).toBe('connecting');
    fake.instances.set(instance, 'close');
    expect(await gateway.state(store)).toBe('disconnected');
  });

  it('logs out, and logging out an already closed instance is not an error', async () => {
    fake.instances.set(`tali-${store.id}`, 'open');
    await gateway.disconnect(store);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/instance/logout/tali-${store.id}`,
    });
    expect(await gateway.state(store)).toBe('disconnected');
    await expect(gateway.disconnect(store)).resolves.toBeUndefined();
  });

  it('sends text with the country code and a typing delay shorter than the HTTP timeout', async () => {
    await gateway.sendText(store, '11987654321', 'Olá, Maria!');
    const sent = fake.requests.at(-1);
    expect(sent?.path).toBe(`/message/sendText/tali-${store.id}`);
    const body = sent?.body as { number: string; text: string; delay: number };
    expect(body.number).toBe('5511987654321');
    expect(body.text).toBe('Olá, Maria!');
    expect(body.delay).toBeGreaterThan(0);
    expect(body.delay).toBeLessThan(15_000);
  });

  it('sends an image with caption, from a URL or from a data URL', async () => {
    await gateway.sendImage(store, '11987654321', 'https://cdn.exemplo.com/promo.jpg', 'Promoção!');
    expect(fake.requests.at(-1)?.body).toMatchObject({
      number: '5511987654321',
      mediatype: 'image',
      media: 'https://cdn.exemplo.com/promo.jpg',
      caption: 'Promoção!',
    });
    await gateway.sendImage(store, '11987654321', 'data:image/jpeg;base64,AAAA', 'Oferta');
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/message/sendMedia/tali-${store.id}`,
      body: { mimetype: 'image/jpeg', media: 'AAAA', caption: 'Oferta' },
    });
  });

  it('reports a number without WhatsApp as a typed error', async () => {
    fake.notOnWhatsApp.add('5511911112222');
    const error = await gateway.sendText(store, '11911112222', 'Oi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NumberNotOnWhatsAppError);
    expect((error as NumberNotOnWhatsAppError).number).toBe('5511911112222');
  });

  it('turns a wrong API key into a gateway error without leaking the key', async () => {
    const wrong = createEvolutionGateway({
      db: t.db,
      baseUrl: fake.url,
      apiKey: 'errada',
      publicUrl: 'https://x.com',
    });
    const error = await wrong.state(store).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).not.toContain('errada');
  });

  it('times out instead of hanging on a gateway that never answers', async () => {
    const sockets: import('node:net').Socket[] = [];
    const silent = createServer((_req, _res) => {});
    silent.on('connection', (s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as AddressInfo).port;
    const slow = createEvolutionGateway({
      db: t.db,
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: API_KEY,
      publicUrl: 'https://x.com',
      timeoutMs: 300,
    });
    const started = Date.now();
    await expect(slow.state(store)).rejects.toThrow(
      /Não foi possível falar com o servidor do WhatsApp/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });
});

describe('Evolution send outcomes: refused, or unknown', () => {
  const instance = () => `tali-${store.id}`;
  it('a send answered late or with a 5xx is unknown; a 4xx or a refused connection is a refusal', async () => {
    await gateway.connect(store);
    fake.instances.set(instance(), 'open');
    const quick = createEvolutionGateway({
      db: t.db,
      baseUrl: fake.url,
      apiKey: API_KEY,
      publicUrl: 'https://x.com',
      timeoutMs: 300,
      typingDelayMs: 0,
    });
    fake.options.lateSends = 1;
    fake.options.lateMs = 600;
    const late = await quick.sendText(store, '11987650001', 'oi').catch((e) => e);
    expect(late).toBeInstanceOf(GatewayOutcomeUnknownError);
    // The answers below come at once: a client that waits long enough to read them, so a loaded
    // machine cannot turn them into a timeout.
    const patient = createEvolutionGateway({
      db: t.db,
      baseUrl: fake.url,
      apiKey: API_KEY,
      publicUrl: 'https://x.com',
      timeoutMs: 10_000,
      typingDelayMs: 0,
    });
    fake.options.serverErrorNextSends = 1;
    const fiveXX = await patient.sendText(store, '11987650002', 'oi').catch((e) => e);
    expect(fiveXX).toBeInstanceOf(GatewayOutcomeUnknownError);
    fake.options.failNextSends = 1;
    const refused = await patient.sendText(store, '11987650003', 'oi').catch((e) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect(refused).not.toBeInstanceOf(GatewayOutcomeUnknownError);
    // Nothing listens there: the request was never written.
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const nowhere = createEvolutionGateway({
      db: t.db,
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: API_KEY,
      publicUrl: 'https://x.com',
    });
    const unreachable = await nowhere.sendText(store, '11987650004', 'oi').catch((e) => e);
    expect(unreachable).toBeInstanceOf(GatewayError);
    expect(unreachable).not.toBeInstanceOf(GatewayOutcomeUnknownError);
  });

  it('looks a sent message up with findMessages, by number (either form) and text', async () => {
    fake.instances.set(instance(), 'open');
    const since = new Date(Date.now() - 1000);
    await gateway.sendText(store, '11987650010', 'Promo de hoje');
    expect(await gateway.lookupSent?.(store, '11987650010', 'Promo de hoje', since)).toBe('sent');
    expect(await gateway.lookupSent?.(store, '1187650010', 'Promo de hoje', since)).toBe('sent');
    expect(await gateway.lookupSent?.(store, '11987650010', 'Outra', since)).toBe('unknown');
    expect(await gateway.lookupSent?.(store, '11987650011', 'Promo de hoje', since)).toBe(
      'unknown',
    );
    const find = fake.requests.find((r) => r.path === `/chat/findMessages/${instance()}`);
    expect(find?.method).toBe('POST');
    expect(find?.body).toMatchObject({ where: { key: { fromMe: true } } });
    fake.setStatus(instance(), (fake.stored.get(instance())?.length ?? 1) - 1, 'ERROR');
    expect(await gateway.lookupSent?.(store, '11987650010', 'Promo de hoje', since)).toBe('failed');
  });
});

describe('Evolution webhook parsing', () => {
  it('reads plain and extended text, pushName and the national number', () => {
    expect(gateway.parseWebhook({}, upsert('qual o horário?'))).toEqual([
      expect.objectContaining({
        type: 'message',
        from: '11987654321',
        text: 'qual o horário?',
        pushName: 'Maria Souza',
        fromMe: false,
        isGroup: false,
        isBroadcast: false,
      }),
    ]);
    const extended = upsert('');
    extended.data.message = { extendedTextMessage: { text: 'veja https://x.com' } } as never;
    expect(gateway.parseWebhook({}, extended)[0]).toMatchObject({ text: 'veja https://x.com' });
  });

  it('reads the send time from messageTimestamp', () => {
    const sentAt = new Date('2026-11-18T12:00:00Z');
    expect(gateway.parseWebhook({}, upsert('oi', { sentAt }))[0]).toMatchObject({ sentAt });
  });

  it('maps @lid senders through remoteJidAlt', () => {
    const body = upsert('oi');
    body.data.key = {
      remoteJid: '123456789012345@lid',
      remoteJidAlt: '5521998765432@s.whatsapp.net',
      addressingMode: 'lid',
      fromMe: false,
      id: 'A1',
    } as never;
    expect(gateway.parseWebhook({}, body)[0]).toMatchObject({ from: '21998765432', text: 'oi' });
  });

  it('flags fromMe, groups and status broadcasts', () => {
    expect(gateway.parseWebhook({}, upsert('oi', { fromMe: true }))[0]).toMatchObject({
      fromMe: true,
    });
    const group = upsert('oi');
    group.data.key.remoteJid = '120363025246125486@g.us';
    expect(gateway.parseWebhook({}, group)[0]).toMatchObject({ isGroup: true });
    const status = upsert('oi');
    status.data.key.remoteJid = 'status@broadcast';
    expect(gateway.parseWebhook({}, status)[0]).toMatchObject({ isBroadcast: true });
  });

  it('maps connection updates and ignores other events', () => {
    expect(
      gateway.parseWebhook(
        {},
        { event: 'connection.update', data: { instance: 'x', state: 'open', statusReason: 200 } },
      ),
    ).toEqual([{ type: 'connection', state: 'connected', reason: 200 }]);
    expect(
      gateway.parseWebhook({}, { event: 'connection.update', data: { state: 'refused' } })[0],
    ).toMatchObject({ state: 'disconnected' });
    expect(gateway.parseWebhook({}, { event: 'qrcode.updated', data: { qrcode: {} } })).toEqual([]);
  });

  it('rejects bodies that are not Evolution envelopes', () => {
    for (const bad of [
      null,
      'texto',
      [],
      {},
      { event: 'messages.upsert', data: { nokey: true } },
    ]) {
      expect(() => gateway.parseWebhook({}, bad)).toThrow(/inválido/);
    }
  });
});

/** The gateway webhook: per-store secret, bad bodies, and the assistant pipeline behind it. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  conversationMessages,
  customers,
  sandboxMessages,
  stores,
  whatsappConnections,
} from '../../server/db/schema';
import { createTestApp, type TestApp } from './test-app';
import { seedStore, upsert } from './whatsapp-fixtures';

let t: TestApp;
let clock = new Date('2026-11-18T17:00:00Z');
let owner: Awaited<ReturnType<typeof seedStore>>;
let secret: string;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await seedStore(t.db);
  await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
  await t.db
    .update(whatsappConnections)
    .set({ state: 'connected' })
    .where(eq(whatsappConnections.storeId, owner.storeId));
  const [row] = await t.db
    .select()
    .from(whatsappConnections)
    .where(eq(whatsappConnections.storeId, owner.storeId));
  secret = row?.webhookSecret ?? '';
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test is a new day, so cooldowns and pauses from earlier tests never leak in.
  clock = new Date(clock.getTime() + 24 * 3600_000);
});

function hook(body: unknown, options: { storeId?: string; secret?: string | null } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const s = options.secret === undefined ? secret : options.secret;
  if (s !== null) headers['x-tali-secret'] = s;
  return t.app.request(`/api/webhooks/whatsapp/${options.storeId ?? owner.storeId}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
const sentTo = async (phone: string) =>
  (
    await t.db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.storeId, owner.storeId), eq(sandboxMessages.toNumber, phone)))
      .orderBy(asc(sandboxMessages.createdAt))
  ).map((m) => m.text);
const turns = async (phone: string) =>
  t.db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.phone, phone))
    .orderBy(asc(conversationMessages.createdAt));
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

describe('webhook authentication', () => {
  it('answers 401 to a missing or forged secret, an unknown store or a bad id', async () => {
    expect((await hook(upsert('oi'), { secret: null })).status).toBe(401);
    expect((await hook(upsert('oi'), { secret: `${secret}x` })).status).toBe(401);
    expect((await hook(upsert('oi'), { storeId: randomUUID() })).status).toBe(401);
    expect((await hook(upsert('oi'), { storeId: 'nao-e-uuid' })).status).toBe(401);
    const body = await (await hook(upsert('oi'), { secret: 'x' })).json();
    expect(body).toEqual({ message: 'Não autorizado' });
    expect(await turns('11987654321')).toHaveLength(0);
  });

  it('answers 400 to bodies that are not JSON or not a gateway envelope', async () => {
    expect((await hook('{not json')).status).toBe(400);
    expect((await hook('')).status).toBe(400);
    expect((await hook({ hello: 'world' })).status).toBe(400);
    expect((await hook({ event: 'messages.upsert', data: { key: 'x' } })).status).toBe(400);
  });

  it('refuses oversized fields with 400 and the reason, instead of dropping the message silently', async () => {
    const hugePhone = '9'.repeat(1_000_000);
    const res = await hook(upsert('oi', { from: hugePhone }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/^Campo jid do webhook longo demais/);
    expect(await turns(`55${hugePhone}`)).toEqual([]);
    const longText = await hook(upsert('a'.repeat(70_000), { from: '11955554444' }));
    expect(longText.status).toBe(400);
    expect((await longText.json()).message).toMatch(/^Campo text do webhook longo demais/);
    expect(await turns('11955554444')).toEqual([]);
  });

  it('acknowledges events it does not use', async () => {
    const res = await hook({ event: 'presence.update', data: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: 0 });
  });
});

describe('assistant behind the webhook', () => {
  it('answers a price question and logs both turns', async () => {
    expect((await hook(upsert('quanto custa a camiseta?', { from: '11911110001' }))).status).toBe(
      200,
    );
    expect((await sentTo('11911110001'))[0]).toMatch(/Camiseta Básica sai por R\$\s59,90/);
    const log = await turns('11911110001');
    expect(log.map((m) => [m.direction, m.author])).toEqual([
      ['in', 'customer'],
      ['out', 'assistant'],
    ]);
    expect(log[0]?.text).toBe('quanto custa a camiseta?');
  });

  it('the same message delivered again (same key id) is logged and answered once; not its text', async () => {
    const phone = '11911110019';
    const first = upsert('quanto custa a camiseta?', { from: phone });
    expect((await hook(first)).status).toBe(200);
    // Evolution retries a delivery whose answer it did not get, minutes later (backoff): past
    // the assistant's repeat window, so only the message id can tell it is the same message.
    later(6);
    const again = await hook(first);
    expect(again.status).toBe(200);
    later(6);
    expect((await hook(first)).status).toBe(200);
    expect(await sentTo(phone)).toHaveLength(1);
    expect((await turns(phone)).map((m) => [m.direction, m.author])).toEqual([
      ['in', 'customer'],
      ['out', 'assistant'],
    ]);
    // The same words in a new message (a new id) are a new question: logged and answered.
    later(6);
    expect((await hook(upsert('quanto custa a camiseta?', { from: phone }))).status).toBe(200);
    expect(await sentTo(phone)).toHaveLength(2);
    expect(await turns(phone)).toHaveLength(4);
    // The owner's own message from the phone, delivered twice: one log entry.
    later(1);
    const typed = upsert('Já separo pra você!', { from: phone, fromMe: true });
    await hook(typed);
    await hook(typed);
    expect((await turns(phone)).filter((m) => m.author === 'owner')).toHaveLength(1);
  });

  it('ignores groups and status broadcasts entirely', async () => {
    const group = upsert('qual o horário?', { from: '11911110002' });
    group.data.key.remoteJid = '120363025246125486@g.us';
    const status = upsert('qual o horário?');
    status.data.key.remoteJid = 'status@broadcast';
    expect((await hook(group)).status).toBe(200);
    expect((await hook(status)).status).toBe(200);
    expect(
      await t.db
        .select()
        .from(conversationMessages)
        .where(eq(conversationMessages.phone, '120363025246125486')),
    ).toHaveLength(0);
  });

  it('pauses in a chat for 30 minutes after the owner answers by hand', async () => {
    const phone = '11911110003';
    await hook(upsert('oi', { from: phone }));
    later(1);
    await hook(upsert('Oi Maria, já te atendo!', { from: phone, fromMe: true }));
    later(1);
    await hook(upsert('qual o horário?', { from: phone }));
    expect(await sentTo(phone)).toHaveLength(1);
    expect((await turns(phone)).map((m) => m.author)).toEqual([
      'customer',
      'assistant',
      'owner',
      'customer',
    ]);
    later(31);
    await hook(upsert('qual o horário?', { from: phone }));
    expect(await sentTo(phone)).toHaveLength(2);
  });

  it("does not mistake the gateway's echo of its own reply for the owner", async () => {
    const phone = '11911110004';
    await hook(upsert('oi', { from: phone }));
    const [reply] = await sentTo(phone);
    await hook(upsert(reply ?? '', { from: phone, fromMe: true }));
    await hook(upsert('onde fica a loja?', { from: phone }));
    expect(await sentTo(phone)).toHaveLength(2);
  });

  it('keeps a per-chat cooldown: at most 3 replies a minute', async () => {
    const phone = '11911110005';
    for (const text of [
      'oi',
      'qual o horário?',
      'onde fica?',
      'tem café?',
      'quanto custa o bolo?',
    ]) {
      await hook(upsert(text, { from: phone }));
    }
    expect(await sentTo(phone)).toHaveLength(3);
    later(2);
    await hook(upsert('quanto custa o bolo?', { from: phone }));
    expect(await sentTo(phone)).toHaveLength(4);
  });

  it('stays quiet when the assistant is off, but still honours SAIR and VOLTAR', async () => {
    await t.db.update(stores).set({ botAtivo: false }).where(eq(stores.id, owner.storeId));
    const phone = '11911110006';
    await hook(upsert('qual o horário?', { from: phone }));
    expect(await sentTo(phone)).toHaveLength(0);
    await hook(upsert('  PARAR! ', { from: phone, name: 'João' }));
    const [customer] = await t.db.select().from(customers).where(eq(customers.phone, phone));
    expect(customer).toMatchObject({ name: 'João', optedOut: true });
    expect(customer?.optedOutAt).toBeInstanceOf(Date);
    expect(await sentTo(phone)).toEqual([expect.stringContaining('Você não vai mais receber')]);
    await hook(upsert('sair', { from: phone }));
    expect(await sentTo(phone)).toHaveLength(1);
    await hook(upsert('Voltar', { from: phone }));
    const [back] = await t.db.select().from(customers).where(eq(customers.phone, phone));
    expect(back?.optedOut).toBe(false);
    expect(back?.revision).toBeGreaterThan(customer?.revision ?? 0);
    expect((await sentTo(phone)).at(-1)).toContain('voltará a receber');
    await t.db.update(stores).set({ botAtivo: true }).where(eq(stores.id, owner.storeId));
  });

  it('recognises every opt-out word, any case and accents, and finds a customer saved without the 9th digit', async () => {
    const id = randomUUID();
    await t.db
      .insert(customers)
      .values({ id, storeId: owner.storeId, name: 'Cláudia', phone: '1187650001' });
    for (const [i, word] of ['STOP', 'Cancelar', 'pàrar', 'sair.'].entries()) {
      const phone = i === 0 ? '11987650001' : `1191111010${i}`;
      await hook(upsert(word, { from: phone }));
    }
    const [claudia] = await t.db.select().from(customers).where(eq(customers.id, id));
    expect(claudia?.optedOut).toBe(true);
    const optedOut = await t.db.select().from(customers).where(eq(customers.optedOut, true));
    expect(optedOut.map((c) => c.phone)).toEqual(
      expect.arrayContaining(['11911110101', '11911110102', '11911110103']),
    );
  });

  it('logs but does not answer old history delivered after a reconnect (opt-outs still count)', async () => {
    const phone = '11911110008';
    const yesterday = new Date(clock.getTime() - 20 * 3600_000);
    await hook(upsert('qual o horário?', { from: phone, sentAt: yesterday }));
    expect(await sentTo(phone)).toHaveLength(0);
    expect((await turns(phone)).map((m) => m.text)).toEqual(['qual o horário?']);
    await hook(upsert('SAIR', { from: phone, sentAt: yesterday }));
    const [customer] = await t.db.select().from(customers).where(eq(customers.phone, phone));
    expect(customer?.optedOut).toBe(true);
    await hook(upsert('qual o horário?', { from: phone, sentAt: clock }));
    expect((await sentTo(phone)).at(-1)).toMatch(/^Hoje/);
  });

  it('logs an "ok" or an emoji without answering it', async () => {
    const phone = '11911110009';
    await hook(upsert('ok', { from: phone }));
    await hook(upsert('👍', { from: phone }));
    expect(await sentTo(phone)).toHaveLength(0);
    expect((await turns(phone)).map((m) => m.text)).toEqual(['ok', '👍']);
  });

  it('"quero sair mais cedo" is a question, not an opt-out', async () => {
    await hook(upsert('quero sair mais cedo hoje, até que horas abre?', { from: '11911110007' }));
    expect(
      await t.db.select().from(customers).where(eq(customers.phone, '11911110007')),
    ).toHaveLength(0);
    // Each test runs on another weekday: only the shape of the answer is fixed.
    expect((await sentTo('11911110007'))[0]).toMatch(/^Hoje (abrimos das|estamos fechados)/);
  });

  it('a connection update from the gateway changes the status the app shows', async () => {
    await hook({ event: 'connection.update', data: { state: 'close', statusReason: 401 } });
    const res = await t.call('GET', '/api/whatsapp/status', undefined, owner.token);
    expect(res.body).toMatchObject({ status: 'DESCONECTADO', connected: false });
  });
});

/**
 * The conversations tests' world: an app whose WhatsApp is the Evolution stand-in (connected,
 * its webhook set by a real connect), a clock the test moves, and a push service for the owner's
 * phones. Customers write through the stand-in's webhook; what they receive is what the stand-in
 * delivered.
 */
import https from 'node:https';
import type { ApiChat, ApiTurn } from '../../server/services/conversations/read-chats';
import { createEvolutionApp } from './evolution-app';
import { startFakeEvolution } from './evolution-fake';
import { type PushService, startPushService } from './push-service-fake';
import { type TestApp, testEnv } from './test-app';
import { seedStore, upsert } from './whatsapp-fixtures';

export type Owner = Awaited<ReturnType<typeof seedStore>>;

/** `env`: more of the server's environment (the chat orders' tests set a language model). */
export async function openConversationsWorld(env: Record<string, string> = {}) {
  const fake = await startFakeEvolution();
  const push: PushService = await startPushService();
  const globalCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = push.agent.options.ca;
  const clock = { now: new Date('2026-11-18T15:00:00Z') };
  // Like a real clock, each reading is a little later (turns logged one after the other are
  // ordered by their time).
  let tick = 0;
  const now = () => new Date(clock.now.getTime() + tick++);
  const { t } = await createEvolutionApp(
    fake.url,
    { qrPollDelaysMs: [5] },
    { now, env: testEnv({ PUSH_ENDPOINT_HOSTS: push.host, ...env }) },
  );

  /** A store with its WhatsApp linked through the stand-in (instance open, webhook set). */
  async function connectedStore(options: Parameters<typeof seedStore>[1] = {}) {
    const owner = await seedStore(t.db, options);
    const qr = await t.call('GET', '/api/whatsapp/generate-qr', undefined, owner.token);
    if (qr.status !== 200) throw new Error(`connect failed: ${qr.status}`);
    fake.instances.set(`tali-${owner.storeId}`, 'open');
    return owner;
  }

  /** The stand-in calls the store's webhook as Evolution does for a message (messages.upsert). */
  async function incoming(
    owner: Owner,
    text: string,
    options: { from?: string; fromMe?: boolean; name?: string; id?: string } = {},
  ) {
    const instance = `tali-${owner.storeId}`;
    const hook = fake.webhooks.get(instance);
    if (!hook) throw new Error('no webhook set');
    const body = upsert(text, options);
    body.instance = instance;
    const key: { id: string } = body.data.key;
    if (options.id) key.id = options.id;
    const res = await t.app.request(new URL(hook.url).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...hook.headers },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
  }

  /** The stand-in reports a status of a message the store sent (messages.update). */
  async function receipt(owner: Owner, keyId: string, status: string) {
    const call = fake.messagesUpdate(`tali-${owner.storeId}`, keyId, status);
    await t.app.request(new URL(call.url).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...call.headers },
      body: JSON.stringify(call.body),
    });
  }

  /** Texts the stand-in delivered to a national number, in order. */
  const deliveredTo = (owner: Owner, phone: string) =>
    fake.delivered
      .filter((r) => r.path === `/message/sendText/tali-${owner.storeId}`)
      .map((r) => r.body as { number: string; text: string })
      .filter((b) => b.number === `55${phone}`)
      .map((b) => b.text);

  const api = <T = Record<string, unknown>>(
    owner: Owner,
    method: string,
    path: string,
    body?: unknown,
  ) => t.call<T>(method, path, body, owner.token);

  async function reply(owner: Owner, phone: string, text: string, key?: string) {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: `Bearer ${owner.token}`,
    };
    if (key) headers['idempotency-key'] = key;
    const res = await t.app.request(`/api/conversas/${phone}/mensagens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ text }),
    });
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as ApiTurn & { message?: string },
    };
  }

  const chats = async (owner: Owner, query = '') =>
    (await api<{ chats: ApiChat[]; cursor: string | null }>(owner, 'GET', `/api/conversas${query}`))
      .body;
  const thread = async (owner: Owner, phone: string) =>
    (await api<{ chat: ApiChat; turns: ApiTurn[] }>(owner, 'GET', `/api/conversas/${phone}`)).body;

  const later = (minutes: number) => {
    clock.now = new Date(clock.now.getTime() + minutes * 60_000);
  };

  return {
    t: t as TestApp,
    fake,
    push,
    clock,
    later,
    connectedStore,
    incoming,
    receipt,
    deliveredTo,
    api,
    reply,
    chats,
    thread,
    async close() {
      https.globalAgent.options.ca = globalCa;
      await t.close();
      await fake.close();
      await push.close();
    },
  };
}

export type World = Awaited<ReturnType<typeof openConversationsWorld>>;

/** Polls until `read` gives a value (a push arrives in the background). */
export async function until<T>(read: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('nothing arrived in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

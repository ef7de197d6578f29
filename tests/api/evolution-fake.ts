/**
 * A local HTTP server that follows the Evolution API v2 contract, recording every request (the
 * test app whose WhatsApp goes through it: evolution-app.ts).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mediaRefusal, storedContent } from './evolution-fake-media';

export type Recorded = {
  method: string;
  path: string;
  apikey: string | undefined;
  body: unknown;
  /** Date.now() when the request arrived (pacing tests). */
  at: number;
};

export const FAKE_QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const API_KEY = 'chave-global-secreta';

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : null;
}

export async function startFakeEvolution() {
  const requests: Recorded[] = [];
  /** Message sends the fake accepted (201): what the customers' phones got. */
  const delivered: Recorded[] = [];
  /** instance name → Evolution state */
  const instances = new Map<string, 'open' | 'connecting' | 'close'>();
  const notOnWhatsApp = new Set<string>();
  /** How many /instance/connect calls answer with an empty QR before a real one. */
  let emptyQrCalls = 0;
  /** instance → the webhook Talí configured (create or webhook/set): url and headers. */
  const webhooks = new Map<string, { url: string; headers: Record<string, string> }>();
  /**
   * instance → the number a connection was started with (Evolution's `phoneNumber`): like the
   * real one, a pairing code is only made when a connection starts from 'close' with `number`,
   * and appears from the second read of connect on (Baileys waits for its first QR event).
   */
  const pairingNumbers = new Map<string, { number: string; reads: number }>();
  const pairingCodeFor = (number: string) =>
    `K${number.slice(-7)}`
      .replace(/[^0-9A-Z]/g, 'X')
      .padEnd(8, 'Z')
      .slice(0, 8);
  function qrAnswer(instance: string) {
    const pairing = pairingNumbers.get(instance);
    const code = pairing && pairing.reads++ > 0 ? pairingCodeFor(pairing.number) : null;
    return { pairingCode: code, code: '2@abc', base64: FAKE_QR, count: 1 };
  }
  const noteWebhook = (instance: string, webhook: unknown) => {
    const w = (webhook ?? {}) as { url?: string; headers?: Record<string, string> };
    if (w.url) webhooks.set(instance, { url: w.url, headers: w.headers ?? {} });
  };
  const options = {
    /**
     * Like a real instance: a send while not 'open' fails inside Evolution's send (Baileys'
     * "Connection Closed"), which its catch-all answers as 400: refused, nothing sent.
     */
    failSendsWhenClosed: false,
    /** The next N sends are refused with a 400 (a definite refusal: nothing sent). */
    failNextSends: 0,
    /** The next N sends answer 500 without sending anything (the outcome looks unknown). */
    serverErrorNextSends: 0,
    /**
     * The next N sends are sent (recorded, kept for findMessages) and answered only after
     * `lateMs`, past the client's timeout; `afterLate` runs right after each is sent (e.g. to
     * flap the connection).
     */
    lateSends: 0,
    lateMs: 0,
    afterLate: null as null | ((instance: string) => void),
    /** Every send is sent at once and answered this much later (a slow gateway, in time). */
    answerDelayMs: 0,
    /** Like DATABASE_SAVE_DATA_NEW_MESSAGE=false: findMessages finds nothing. */
    saveMessages: true,
    /** The send with this index (0-based, counting every send) is never answered (a crash test). */
    holdSend: -1,
  };
  let sendIndex = 0;
  let messageSeq = 0;
  /**
   * What Evolution keeps of each message it sent (its Message table): the shape prepareMessage
   * gives it, with the statuses of its later messages.update in MessageUpdate.
   */
  type StoredMessage = {
    id: string;
    key: { remoteJid: string; fromMe: boolean; id: string };
    pushName: string;
    messageType: string;
    message: Record<string, unknown>;
    messageTimestamp: number;
    instanceId: string;
    source: string;
    MessageUpdate: { status: string }[];
  };
  const stored = new Map<string, StoredMessage[]>();
  /** Baileys sent it: stored like Evolution does, answered as sendText/sendMedia answer. */
  function store(instance: string, body: Record<string, unknown>) {
    const number = String(body.number);
    const id = `3EB0${(++messageSeq).toString(16).padStart(16, '0').toUpperCase()}`;
    const record: StoredMessage = {
      id: `row-${id}`,
      key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: true, id },
      pushName: 'Você',
      ...storedContent(body),
      messageTimestamp: Math.floor(Date.now() / 1000),
      instanceId: `id-${instance}`,
      source: 'web',
      MessageUpdate: [],
    };
    if (options.saveMessages) stored.set(instance, [...(stored.get(instance) ?? []), record]);
    const { MessageUpdate: _, id: __, ...answer } = record;
    return { ...answer, status: 'PENDING' };
  }
  /** Numbers of the sends held open (received by the gateway, never answered). */
  const held: string[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const body = await readBody(req);
    const apikey = req.headers.apikey as string | undefined;
    requests.push({ method: req.method ?? '', path: url.pathname, apikey, body, at: Date.now() });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (apikey !== API_KEY)
      return send(401, {
        status: 401,
        error: 'Unauthorized',
        response: { message: 'Unauthorized' },
      });
    const [, a, b, name = ''] = url.pathname.split('/');
    const route = `${req.method} /${a}/${b}`;
    if (route === 'POST /instance/create') {
      const instanceName = (body as { instanceName: string }).instanceName;
      if (instances.has(instanceName)) {
        return send(403, {
          status: 403,
          error: 'Forbidden',
          response: { message: [`This name "${instanceName}" is already in use.`] },
        });
      }
      instances.set(instanceName, 'connecting');
      const created = body as { webhook?: unknown; number?: string };
      noteWebhook(instanceName, created.webhook);
      if (created.number) pairingNumbers.set(instanceName, { number: created.number, reads: 0 });
      else pairingNumbers.delete(instanceName);
      return send(201, {
        instance: {
          instanceName,
          instanceId: 'id-1',
          integration: 'WHATSAPP-BAILEYS',
          status: 'connecting',
        },
        hash: 'token-da-instancia',
        qrcode: qrAnswer(instanceName),
      });
    }
    const state = instances.get(name);
    if (!state)
      return send(404, {
        status: 404,
        error: 'Not Found',
        response: { message: [`The "${name}" instance does not exist`] },
      });
    if (route === 'GET /instance/connectionState')
      return send(200, { instance: { instanceName: name, state } });
    if (route === 'GET /instance/connect') {
      if (state === 'open') return send(200, { instance: { instanceName: name, state: 'open' } });
      // Only a connection started from 'close' takes the number (instance.controller.ts).
      const number = url.searchParams.get('number');
      if (state === 'close') {
        if (number) pairingNumbers.set(name, { number, reads: 0 });
        else pairingNumbers.delete(name);
      }
      instances.set(name, 'connecting');
      if (emptyQrCalls > 0) {
        emptyQrCalls--;
        return send(200, { pairingCode: null, code: null, base64: '', count: 0 });
      }
      return send(200, qrAnswer(name));
    }
    if (route === 'POST /webhook/set') {
      noteWebhook(name, (body as { webhook: unknown }).webhook);
      return send(201, { webhook: (body as { webhook: unknown }).webhook });
    }
    if (route === 'DELETE /instance/logout') {
      if (state === 'close')
        return send(400, {
          status: 400,
          error: 'Bad Request',
          response: { message: ['The "x" instance is not connected'] },
        });
      instances.set(name, 'close');
      return send(200, {
        status: 'SUCCESS',
        error: false,
        response: { message: 'Instance logged out' },
      });
    }
    if (route === 'POST /chat/findMessages') {
      // Evolution's fetchMessages: where.key.{id,fromMe,remoteJid}, messageTimestamp {gte,lte}
      // (dates, compared in seconds), newest first, `offset` per page.
      const q = (body ?? {}) as {
        where?: {
          key?: { id?: string; fromMe?: boolean; remoteJid?: string };
          messageTimestamp?: { gte?: string; lte?: string };
        };
        offset?: number;
        page?: number;
      };
      const key = q.where?.key ?? {};
      const ts = q.where?.messageTimestamp;
      const gte = ts?.gte && ts.lte ? Math.floor(new Date(ts.gte).getTime() / 1000) : null;
      const lte = ts?.gte && ts.lte ? Math.floor(new Date(ts.lte).getTime() / 1000) : null;
      const all = (stored.get(name) ?? [])
        .filter(
          (m) =>
            (!key.id || m.key.id === key.id) &&
            (!key.fromMe || m.key.fromMe === key.fromMe) &&
            (!key.remoteJid || m.key.remoteJid === key.remoteJid) &&
            (gte === null || m.messageTimestamp >= gte) &&
            (lte === null || m.messageTimestamp <= lte),
        )
        .reverse();
      const offset = q.offset || 50;
      const page = q.page || 1;
      return send(200, {
        messages: {
          total: all.length,
          pages: Math.ceil(all.length / offset),
          currentPage: page,
          records: all.slice((page - 1) * offset, page * offset),
        },
      });
    }
    if (route === 'POST /message/sendText' || route === 'POST /message/sendMedia') {
      const number = (body as { number: string }).number;
      const refused = route.endsWith('sendMedia') && mediaRefusal(body as Record<string, unknown>);
      if (refused) {
        return send(400, { status: 400, error: 'Bad Request', response: { message: [refused] } });
      }
      if (sendIndex++ === options.holdSend) {
        // Received and sent by Baileys; the answer never comes (the client dies first).
        held.push(number);
        const recorded = requests.at(-1);
        if (recorded) delivered.push(recorded);
        store(name, body as Record<string, unknown>);
        return;
      }
      if ((options.failSendsWhenClosed && state !== 'open') || options.failNextSends > 0) {
        if (options.failNextSends > 0) options.failNextSends--;
        return send(400, {
          status: 400,
          error: 'Bad Request',
          response: { message: ['Error: Connection Closed'] },
        });
      }
      if (options.serverErrorNextSends > 0) {
        options.serverErrorNextSends--;
        return send(500, {
          status: 500,
          error: 'Internal Server Error',
          response: { message: ['Error: Timed Out'] },
        });
      }
      if (options.lateSends > 0) {
        options.lateSends--;
        const recorded = requests.at(-1);
        if (recorded) delivered.push(recorded);
        const answer = store(name, body as Record<string, unknown>);
        options.afterLate?.(name);
        setTimeout(() => {
          if (!res.destroyed) send(201, answer);
        }, options.lateMs);
        return;
      }
      if (notOnWhatsApp.has(number)) {
        return send(400, {
          status: 400,
          error: 'Bad Request',
          response: { message: [{ exists: false, jid: `${number}@s.whatsapp.net`, number }] },
        });
      }
      const recorded = requests.at(-1);
      if (recorded) delivered.push(recorded);
      const answer = store(name, body as Record<string, unknown>);
      if (options.answerDelayMs > 0) {
        setTimeout(() => {
          if (!res.destroyed) send(201, answer);
        }, options.answerDelayMs);
        return;
      }
      return send(201, answer);
    }
    return send(404, {
      status: 404,
      error: 'Not Found',
      response: { message: [`Cannot ${route}`] },
    });
  });
  // Idle sockets stay open longer than any pause between tests on a busy machine, so a reused
  // keep-alive connection is never closed under a request in flight.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    delivered,
    held,
    instances,
    notOnWhatsApp,
    options,
    /** The messages the instance keeps (what findMessages searches). */
    stored,
    /** Marks a kept message with a messages.update status (e.g. 'ERROR': not delivered). */
    setStatus(instance: string, index: number, status: string) {
      stored.get(instance)?.[index]?.MessageUpdate.push({ status });
    },
    /** The webhook Talí configured for an instance (create or webhook/set). */
    webhooks,
    /**
     * The `messages.update` webhook call Evolution makes when WhatsApp acknowledges a message
     * the store sent (whatsapp.baileys.service.ts): where it posts, its headers and its body.
     * `keyId` is the id the send answered with in `key.id`; `messageId` is Evolution's row id.
     */
    messagesUpdate(instance: string, keyId: string, status: string) {
      const hook = webhooks.get(instance);
      if (!hook) throw new Error(`no webhook set for ${instance}`);
      const message = (stored.get(instance) ?? []).find((m) => m.key.id === keyId);
      message?.MessageUpdate.push({ status });
      return {
        url: hook.url,
        headers: hook.headers,
        body: {
          event: 'messages.update',
          instance,
          data: {
            keyId,
            remoteJid: message?.key.remoteJid ?? '5511999999999@s.whatsapp.net',
            fromMe: true,
            participant: undefined,
            status,
            instanceId: `id-${instance}`,
            ...(message ? { messageId: message.id } : {}),
          },
          destination: hook.url,
          date_time: new Date().toISOString(),
          sender: '5511900000000@s.whatsapp.net',
          server_url: 'http://evolution.local',
          apikey: 'token-da-instancia',
        },
      };
    },
    setEmptyQrCalls(n: number) {
      emptyQrCalls = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

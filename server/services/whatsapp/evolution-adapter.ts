/** WhatsAppGateway over Evolution API v2: one instance per store, webhook back to Talí. */
import type { Db } from '../../db/client';
import { errorSummary, logger } from '../../logger';
import { ensureConnection, saveState } from './connections';
import { createEvolutionHttp, type EvolutionHttpOptions } from './evolution-http';
import { lookupOutcome } from './evolution-lookup';
import { requestPairingCode } from './evolution-pairing';
import { mapEvolutionState, parseEvolutionWebhook } from './evolution-webhook';
import type {
  ConnectionState,
  ConnectResult,
  GatewayStore,
  SentMessage,
  WhatsAppGateway,
} from './gateway';
import { GatewayError, WEBHOOK_SECRET_HEADER } from './gateway';
import { toInternational } from './phone-jid';

export type EvolutionGatewayOptions = EvolutionHttpOptions & {
  db: Db;
  /** Talí's public base URL: the gateway posts webhooks there. */
  publicUrl: string;
  /** "typing…" before each message, in ms; kept well below the HTTP timeout. */
  typingDelayMs?: number;
  /** Waits between QR polls when the gateway has not rendered it yet. */
  qrPollDelaysMs?: number[];
};

/** MESSAGES_UPDATE carries the receipts (delivered, read, ERROR) of the store's messages. */
export const WEBHOOK_EVENTS = [
  'MESSAGES_UPSERT',
  'MESSAGES_UPDATE',
  'CONNECTION_UPDATE',
  'QRCODE_UPDATED',
];

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null ? (v as Obj) : {});
/** The id a send answered with (`key.id`): the one its receipts will name. */
const sentIdOf = (body: unknown): SentMessage => {
  const id = obj(obj(body).key).id;
  return { id: typeof id === 'string' && id.length > 0 && id.length <= 256 ? id : null };
};
const qrOf = (v: unknown): string | null => {
  const b64 = obj(v).base64;
  return typeof b64 === 'string' && b64.startsWith('data:image') ? b64 : null;
};

export function createEvolutionGateway(options: EvolutionGatewayOptions): WhatsAppGateway {
  const { db } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const typingDelayMs = Math.min(options.typingDelayMs ?? 1200, Math.floor(timeoutMs / 3));
  const qrPollDelaysMs = options.qrPollDelaysMs ?? [800, 1500, 2500];
  const http = createEvolutionHttp({ ...options, timeoutMs });
  const publicBase = options.publicUrl.replace(/\/+$/, '');
  /** Stores whose webhook this process has re-pointed since it started (see `state`). */
  const repointed = new Set<string>();

  async function connection(store: GatewayStore) {
    return ensureConnection(db, store.id, 'evolution');
  }

  function webhookConfig(storeId: string, secret: string) {
    return {
      url: `${publicBase}/api/webhooks/whatsapp/${storeId}`,
      byEvents: false,
      base64: false,
      headers: { [WEBHOOK_SECRET_HEADER]: secret },
      events: WEBHOOK_EVENTS,
    };
  }

  /** Current state at the gateway; null when the instance does not exist there. */
  async function remoteState(instance: string): Promise<ConnectionState | null> {
    const res = await http.request('GET', `/instance/connectionState/${instance}`);
    if (res.status === 404) return null;
    if (res.status < 200 || res.status >= 300) {
      throw new GatewayError('O servidor do WhatsApp não informou o estado da conexão.');
    }
    return mapEvolutionState(obj(obj(res.body).instance).state);
  }

  async function pollQr(instance: string): Promise<ConnectResult> {
    for (const wait of [0, ...qrPollDelaysMs]) {
      if (wait) await new Promise((r) => setTimeout(r, wait));
      const body = await http.expectOk('GET', `/instance/connect/${instance}`);
      // When the number is already linked the gateway answers with the state shape instead.
      const state = obj(obj(body).instance).state;
      if (state === 'open') return { qrCode: null, state: 'connected' };
      const qr = qrOf(body);
      if (qr) return { qrCode: qr, state: 'connecting' };
    }
    return { qrCode: null, state: 'connecting' };
  }

  return {
    provider: 'evolution',

    async connect(store) {
      const row = await connection(store);
      const instance = row.instanceName;
      const current = await remoteState(instance);
      let result: ConnectResult;
      if (current === null) {
        const created = await http.expectOk('POST', '/instance/create', {
          instanceName: instance,
          integration: 'WHATSAPP-BAILEYS',
          qrcode: true,
          groupsIgnore: true,
          webhook: webhookConfig(store.id, row.webhookSecret),
        });
        const qr = qrOf(obj(created).qrcode);
        result = qr ? { qrCode: qr, state: 'connecting' } : await pollQr(instance);
      } else {
        // Re-point the webhook every time: PUBLIC_URL or the stored secret may have changed.
        await http.expectOk('POST', `/webhook/set/${instance}`, {
          webhook: { enabled: true, ...webhookConfig(store.id, row.webhookSecret) },
        });
        result =
          current === 'connected' ? { qrCode: null, state: 'connected' } : await pollQr(instance);
      }
      await saveState(db, store.id, result.state);
      return result;
    },

    async state(store) {
      const row = await connection(store);
      const state = (await remoteState(row.instanceName)) ?? 'disconnected';
      if (state !== row.state) await saveState(db, store.id, state);
      if (state === 'connected' && !repointed.has(store.id)) {
        // Once per process: an instance linked before this version (or whose webhook was lost)
        // gets the current events (receipts) and address without waiting for a new QR.
        repointed.add(store.id);
        await http
          .expectOk('POST', `/webhook/set/${row.instanceName}`, {
            webhook: { enabled: true, ...webhookConfig(store.id, row.webhookSecret) },
          })
          .catch((error: unknown) => {
            repointed.delete(store.id);
            logger.warn('whatsapp webhook not re-pointed', { error: errorSummary(error) });
          });
      }
      return state;
    },

    async disconnect(store) {
      const row = await connection(store);
      const res = await http.request('DELETE', `/instance/logout/${row.instanceName}`);
      // 400 = already closed and 404 = no instance: both already mean "disconnected".
      if (res.status >= 300 && res.status !== 400 && res.status !== 404) {
        throw new GatewayError('O servidor do WhatsApp não desconectou. Tente novamente.');
      }
      await saveState(db, store.id, 'disconnected');
    },

    async sendText(store, toNumber, text) {
      const row = await connection(store);
      const number = toInternational(toNumber);
      const body = await http.expectOk(
        'POST',
        `/message/sendText/${row.instanceName}`,
        { number, text, delay: typingDelayMs },
        number,
      );
      return sentIdOf(body);
    },

    async sendImage(store, toNumber, media, caption) {
      const row = await connection(store);
      const number = toInternational(toNumber);
      const dataUrl = /^data:([^;,]+);base64,(.*)$/s.exec(media);
      const body = await http.expectOk(
        'POST',
        `/message/sendMedia/${row.instanceName}`,
        {
          number,
          mediatype: 'image',
          ...(dataUrl ? { mimetype: dataUrl[1], media: dataUrl[2] } : { media }),
          caption,
          delay: typingDelayMs,
        },
        number,
      );
      return sentIdOf(body);
    },

    async sendDocument(store, toNumber, file, caption) {
      const row = await connection(store);
      const number = toInternational(toNumber);
      // Evolution's sendMedia (mediaMessageSchema): a base64 document needs its fileName (the
      // controller refuses it without one); the mimetype is the file's, not guessed.
      const body = await http.expectOk(
        'POST',
        `/message/sendMedia/${row.instanceName}`,
        {
          number,
          mediatype: 'document',
          mimetype: file.mimetype,
          media: file.base64,
          fileName: file.fileName,
          caption,
          delay: typingDelayMs,
        },
        number,
      );
      return sentIdOf(body);
    },

    async pairingCode(store, number) {
      const row = await connection(store);
      const result = await requestPairingCode(http, {
        instance: row.instanceName,
        number,
        state: await remoteState(row.instanceName),
        create: {
          instanceName: row.instanceName,
          integration: 'WHATSAPP-BAILEYS',
          qrcode: true,
          number,
          groupsIgnore: true,
          webhook: webhookConfig(store.id, row.webhookSecret),
        },
        repoint: { webhook: { enabled: true, ...webhookConfig(store.id, row.webhookSecret) } },
        pollDelaysMs: qrPollDelaysMs,
      });
      await saveState(db, store.id, result.state);
      return result;
    },

    async lookupSent(store, toNumber, text, since) {
      const row = await connection(store);
      // Evolution filters on the message's own timestamp (seconds), gte and lte together: a send
      // gets its timestamp within its request's timeout, so ten minutes on either side is ample.
      const gte = new Date(since.getTime() - 600_000).toISOString();
      const lte = new Date(since.getTime() + 600_000).toISOString();
      const res = await http.request('POST', `/chat/findMessages/${row.instanceName}`, {
        where: { key: { fromMe: true }, messageTimestamp: { gte, lte } },
        page: 1,
        offset: 100,
      });
      if (res.status < 200 || res.status >= 300) return 'unknown';
      return lookupOutcome(res.body, toNumber, text);
    },

    parseWebhook(_headers, body) {
      return parseEvolutionWebhook(body);
    },
  };
}

/**
 * The built-in WhatsApp stand-in (default when no gateway is configured): the QR links to a
 * sandbox page that "scans" it, shows what the store sent and lets anyone write as a customer.
 */
import { createHmac, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { sandboxMessages } from '../../db/schema';
import { asConnectionState, ensureConnection, newSecret, saveState } from './connections';
import { parseEvolutionWebhook } from './evolution-webhook';
import type { GatewayStore, WhatsAppGateway } from './gateway';
import { GatewayError } from './gateway';
import { toInternational } from './phone-jid';

export type SandboxGatewayOptions = { db: Db; publicUrl?: string };

/** The page link carries a token derived from the secret, so the secret itself never travels. */
export function sandboxPageToken(webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update('sandbox-page').digest('base64url');
}

export function sandboxPageUrl(base: string, storeId: string, webhookSecret: string): string {
  return `${base.replace(/\/+$/, '')}/sandbox/${storeId}?k=${sandboxPageToken(webhookSecret)}`;
}

/** An Evolution-shaped `messages.upsert`, so sandbox messages take the real webhook's path. */
export function sandboxIncomingPayload(input: { name: string; phone: string; text: string }) {
  return {
    event: 'messages.upsert',
    instance: 'sandbox',
    data: {
      key: {
        remoteJid: `${toInternational(input.phone)}@s.whatsapp.net`,
        fromMe: false,
        id: randomUUID(),
      },
      pushName: input.name,
      message: { conversation: input.text },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    },
  };
}

export function createSandboxGateway({ db, publicUrl }: SandboxGatewayOptions): WhatsAppGateway {
  async function connected(store: GatewayStore) {
    const row = await ensureConnection(db, store.id, 'sandbox');
    if (row.state !== 'connected') {
      throw new GatewayError(
        'WhatsApp desconectado. Conecte o WhatsApp para enviar.',
        'not_connected',
      );
    }
  }

  async function deliver(
    store: GatewayStore,
    toNumber: string,
    text: string,
    mediaUrl: string | null,
  ) {
    await connected(store);
    await db.insert(sandboxMessages).values({ storeId: store.id, toNumber, text, mediaUrl });
  }

  return {
    provider: 'sandbox',

    async connect(store, options) {
      const row = await ensureConnection(db, store.id, 'sandbox');
      if (row.state === 'connected') return { qrCode: null, state: 'connected' };
      const base = publicUrl ?? options?.origin;
      if (!base) throw new GatewayError('Endereço público do Talí desconhecido (PUBLIC_URL).');
      // A new QR invalidates the previous one, like a real phone pairing code.
      const secret = newSecret();
      await saveState(db, store.id, 'connecting', { webhookSecret: secret });
      const link = sandboxPageUrl(base, store.id, secret);
      const qrCode = await QRCode.toDataURL(link, {
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 320,
      });
      return { qrCode, state: 'connecting', link };
    },

    async state(store) {
      const row = await ensureConnection(db, store.id, 'sandbox');
      return asConnectionState(row.state);
    },

    async disconnect(store) {
      await ensureConnection(db, store.id, 'sandbox');
      // Rotating the secret makes any open sandbox page stale.
      await saveState(db, store.id, 'disconnected', { webhookSecret: newSecret() });
    },

    async sendText(store, toNumber, text) {
      await deliver(store, toNumber, text, null);
    },

    async sendImage(store, toNumber, media, caption) {
      await deliver(store, toNumber, caption, media);
    },

    parseWebhook(_headers, body) {
      return parseEvolutionWebhook(body);
    },
  };
}

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
import {
  DEFAULT_RECEIPT_DELAYS,
  type SandboxReceiptDelays,
  sandboxMessageId,
  scheduleSandboxReceipts,
} from './sandbox-receipts';

export type SandboxGatewayOptions = {
  db: Db;
  publicUrl?: string;
  /** When the "phone" acknowledges delivery and reading (default a few seconds; null: never). */
  receiptDelays?: SandboxReceiptDelays;
};

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

/** The sandbox's pairing code: 8 characters derived from the secret, rotated with it. */
export function sandboxPairingCode(webhookSecret: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = createHmac('sha256', webhookSecret).update('pairing-code').digest();
  return Array.from(bytes.subarray(0, 8), (b) => alphabet[b % alphabet.length]).join('');
}

export function createSandboxGateway({
  db,
  publicUrl,
  receiptDelays = DEFAULT_RECEIPT_DELAYS,
}: SandboxGatewayOptions): WhatsAppGateway {
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
    const id = sandboxMessageId();
    scheduleSandboxReceipts(db, store.id, id, toNumber, receiptDelays);
    return { id };
  }

  /** A new QR or code invalidates the previous one, like a real phone pairing. */
  async function startLinking(store: GatewayStore, origin: string | undefined) {
    const base = publicUrl ?? origin;
    if (!base) throw new GatewayError('Endereço público do Talí desconhecido (PUBLIC_URL).');
    const secret = newSecret();
    await saveState(db, store.id, 'connecting', { webhookSecret: secret });
    return { secret, link: sandboxPageUrl(base, store.id, secret) };
  }

  return {
    provider: 'sandbox',

    async connect(store, options) {
      const row = await ensureConnection(db, store.id, 'sandbox');
      if (row.state === 'connected') return { qrCode: null, state: 'connected' };
      const { link } = await startLinking(store, options?.origin);
      const qrCode = await QRCode.toDataURL(link, {
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 320,
      });
      return { qrCode, state: 'connecting', link };
    },

    async pairingCode(store, _number, options) {
      const row = await ensureConnection(db, store.id, 'sandbox');
      if (row.state === 'connected') return { pairingCode: null, state: 'connected' };
      // Typing the code on a phone cannot be simulated: the page link stands for it.
      const { secret, link } = await startLinking(store, options?.origin);
      return { pairingCode: sandboxPairingCode(secret), state: 'connecting', link };
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
      return deliver(store, toNumber, text, null);
    },

    async sendImage(store, toNumber, media, caption) {
      return deliver(store, toNumber, caption, media);
    },

    async sendDocument(store, toNumber, file, caption) {
      // The sandbox's page shows texts and images: the document is named, not attached.
      return deliver(store, toNumber, `📄 ${file.fileName}\n${caption}`, null);
    },

    parseWebhook(_headers, body) {
      return parseEvolutionWebhook(body);
    },
  };
}

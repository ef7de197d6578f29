/**
 * Evolution API v2 webhook payloads (`messages.upsert`, `messages.update`, `connection.update`)
 * → Talí events.
 */
import type { ConnectionState, GatewayEvent, IncomingMessageEvent, ReceiptEvent } from './gateway';
import { WebhookPayloadError } from './gateway';
import { jidToNumber } from './phone-jid';

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Largest sizes a real WhatsApp message has: a JID is a phone number (at most 15 digits) plus a
 * domain, a message at most 65,536 characters, a profile name 25. A field beyond them is no
 * message from WhatsApp: the call is refused (400, logged with the reason) instead of dropped.
 */
export const WEBHOOK_FIELD_LIMITS = { jid: 100, id: 256, text: 65_536, pushName: 256 } as const;

function bounded(value: string, field: keyof typeof WEBHOOK_FIELD_LIMITS): string {
  if (value.length > WEBHOOK_FIELD_LIMITS[field]) {
    throw new WebhookPayloadError(
      `Campo ${field} do webhook longo demais (${value.length} caracteres; máximo ${WEBHOOK_FIELD_LIMITS[field]})`,
    );
  }
  return value;
}

/** Evolution's states: open | connecting | close | refused. */
export function mapEvolutionState(state: unknown): ConnectionState {
  if (state === 'open') return 'connected';
  if (state === 'connecting') return 'connecting';
  return 'disconnected';
}

/** Text of a message: plain, extended (with link preview or reply) or an image caption. */
function messageText(message: unknown): string {
  if (!isObj(message)) return '';
  const extended = message.extendedTextMessage;
  const image = message.imageMessage;
  return (
    str(message.conversation) ||
    (isObj(extended) ? str(extended.text) : '') ||
    (isObj(image) ? str(image.caption) : '')
  );
}

function parseMessage(data: unknown): IncomingMessageEvent | null {
  if (!isObj(data) || !isObj(data.key)) throw new WebhookPayloadError();
  const key = data.key;
  const remoteJid = bounded(str(key.remoteJid), 'jid');
  if (!remoteJid) throw new WebhookPayloadError();
  // With LID addressing the chat id is an opaque '…@lid'; the phone JID comes in remoteJidAlt.
  const phoneJid = remoteJid.endsWith('@lid') ? bounded(str(key.remoteJidAlt), 'jid') : remoteJid;
  if (!phoneJid || phoneJid.endsWith('@lid')) return null;
  const ts = Number(data.messageTimestamp);
  return {
    ...(Number.isFinite(ts) && ts > 0 ? { sentAt: new Date(ts * 1000) } : {}),
    type: 'message',
    id: bounded(str(key.id), 'id'),
    from: jidToNumber(phoneJid),
    text: bounded(messageText(data.message), 'text').trim(),
    pushName: bounded(str(data.pushName), 'pushName').trim(),
    fromMe: key.fromMe === true,
    isGroup: phoneJid.endsWith('@g.us'),
    isBroadcast: phoneJid === 'status@broadcast' || phoneJid.endsWith('@broadcast'),
  };
}

/** Evolution's message statuses (Baileys' ack numbers named) → what a receipt means to Talí. */
const RECEIPT_STATUS: Record<string, ReceiptEvent['status']> = {
  SERVER_ACK: 'server',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'read',
  ERROR: 'failed',
};

/**
 * One `messages.update` item: `{ keyId, remoteJid, fromMe, status, messageId?, instanceId }`
 * (whatsapp.baileys.service.ts). `keyId` is WhatsApp's id, the one the send answered with in
 * `key.id`; `messageId` is Evolution's own row id, never ours. Only the store's own messages
 * (fromMe) carry receipts Talí wants; PENDING, DELETED and the rest are not receipts.
 */
function parseReceipt(data: unknown, instance: string | undefined, at: Date): ReceiptEvent | null {
  if (!isObj(data)) throw new WebhookPayloadError();
  const keyId = str(data.keyId) || (isObj(data.key) ? str(data.key.id) : '');
  const status = RECEIPT_STATUS[str(data.status).toUpperCase()];
  if (!keyId || !status || data.fromMe !== true) return null;
  return {
    type: 'receipt',
    messageId: bounded(keyId, 'id'),
    status,
    ...(instance ? { instance } : {}),
    at,
  };
}

/** The envelope's `date_time` (ISO) when sane, else now. */
function envelopeTime(value: unknown): Date {
  const at = typeof value === 'string' ? new Date(value) : null;
  return at && Number.isFinite(at.getTime()) ? at : new Date();
}

/**
 * One webhook call → events. Unknown event names are ignored (the gateway may send more than we
 * subscribed to); a body that is not an Evolution envelope is a WebhookPayloadError.
 */
export function parseEvolutionWebhook(body: unknown): GatewayEvent[] {
  if (!isObj(body) || typeof body.event !== 'string') throw new WebhookPayloadError();
  // Evolution sends dotted names ('messages.upsert'); with byEvents the suffix form also appears.
  const event = body.event.toLowerCase().replace(/_/g, '.');
  if (event === 'messages.upsert') {
    const items = Array.isArray(body.data) ? body.data : [body.data];
    return items.map(parseMessage).filter((m): m is IncomingMessageEvent => m !== null);
  }
  if (event === 'messages.update') {
    const items = Array.isArray(body.data) ? body.data : [body.data];
    const instance = typeof body.instance === 'string' ? body.instance : undefined;
    const at = envelopeTime(body.date_time);
    return items
      .map((item) => parseReceipt(item, instance, at))
      .filter((r): r is ReceiptEvent => r !== null);
  }
  if (event === 'connection.update') {
    if (!isObj(body.data)) throw new WebhookPayloadError();
    const reason = body.data.statusReason;
    return [
      {
        type: 'connection',
        state: mapEvolutionState(body.data.state),
        ...(typeof reason === 'number' ? { reason } : {}),
      },
    ];
  }
  return [];
}

/**
 * The owner's reply typed on the phone (issue 37, decision 025 "Device"): kept on the device until
 * the server has it. A reply that waited offline goes by itself only while it is young; an older
 * one could answer a question the chat has moved past, so the owner decides (send or discard).
 */

/** A reply waiting longer than this is no longer sent by itself. */
export const REPLY_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * A send whose answer never came (the page closed mid-send) is tried again after this long, with
 * the same Idempotency-Key: the server answers the turn it made, or sends it now.
 */
export const SENDING_STALE_MS = 30_000;

/**
 * Where a held reply is: 'waiting' (aguardando conexão), 'sending', 'held' (too old: the owner
 * decides), 'refused' (the server said no: WhatsApp disconnected, not on WhatsApp, …).
 */
export type ReplyState = 'waiting' | 'sending' | 'held' | 'refused';

export type ReplyAge = { createdAt: number; state: ReplyState; sendingSince?: number | undefined };

/**
 * What a pass of the outbox does with a reply at `now`: 'send' it, 'hold' it for the owner, or
 * 'leave' it as it is (being sent, held, refused). `forced`: the owner said 'Enviar mesmo assim'.
 */
export function replyAction(
  reply: ReplyAge,
  now: number,
  forced = false,
): 'send' | 'hold' | 'leave' {
  if (reply.state === 'sending') {
    const since = reply.sendingSince ?? reply.createdAt;
    if (now - since < SENDING_STALE_MS) return 'leave';
  } else if (reply.state !== 'waiting') {
    return forced ? 'send' : 'leave';
  }
  if (forced) return 'send';
  return now - reply.createdAt < REPLY_MAX_AGE_MS ? 'send' : 'hold';
}

/** The turn's author as the thread names it. */
export const AUTHOR_LABELS = {
  customer: 'Cliente',
  assistant: 'Assistente',
  owner: 'Você',
  campaign: 'Campanha',
  // The customer's own order told on WhatsApp (placed, confirmed, ready…: decision 018).
  order: 'Pedido',
} as const;

export type TurnAuthor = keyof typeof AUTHOR_LABELS;

/** Talí's own messages: where WhatsApp says they are. */
export const RECEIPT_LABELS = {
  pending: 'enviando',
  sent: 'enviada',
  delivered: 'entregue',
  read: 'lida',
  failed: 'não entregue',
} as const;

export type TurnReceipt = keyof typeof RECEIPT_LABELS;

/** A turn as GET /api/conversas/:phone answers it (server/services/conversations/read-chats.ts). */
export type ChatTurn = {
  id: string;
  author: TurnAuthor;
  text: string;
  at: string;
  receipt: TurnReceipt | null;
  mediaUrl: string | null;
  orderId: string | null;
};

/** Whether the assistant answers in the chat now (not off, not paused until a later time). */
export function assistantActive(
  chat: { assistantOff: boolean | 0 | 1; assistantPausedUntil: string | null },
  now: number,
): boolean {
  if (chat.assistantOff) return false;
  return !chat.assistantPausedUntil || Date.parse(chat.assistantPausedUntil) <= now;
}

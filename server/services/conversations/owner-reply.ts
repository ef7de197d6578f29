/**
 * The owner answers a chat from the app (POST /api/conversas/:phone/mensagens). The turn is the
 * outbox row: claimed under the request's Idempotency-Key before the send, so a replay (or a
 * twin racing it) finds the row and sends nothing more; only a definite refusal removes it.
 *
 *   claim (send_state 'sending') ──gateway took it──▶ 'sent' (its WhatsApp id, for receipts)
 *        │                        ──no answer / 5xx──▶ 'unknown' (never sent again on a guess)
 *        └── refused (disconnected, not on WhatsApp, 4xx) ──▶ row removed, 409 / 422 / 502
 */
import { and, eq } from 'drizzle-orm';
import { MESSAGE_TOO_LONG } from '../../../src/domain/quick-reply';
import type { Db } from '../../db/client';
import { conversationMessages } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { errorSummary, logger } from '../../logger';
import {
  GatewayError,
  GatewayOutcomeUnknownError,
  NumberNotOnWhatsAppError,
  type WhatsAppGateway,
} from '../whatsapp/gateway';
import { MAX_TEXT, noteTurn } from './chat-state';
import { fillForChat } from './quick-replies';
import { type ApiTurn, findChat, turnById } from './read-chats';

export type ReplyDeps = { db: Db; gateway: WhatsAppGateway; now: () => Date };

export const DISCONNECTED =
  'O WhatsApp está desconectado. Conecte o WhatsApp da loja para responder pelo app.';
const NOT_SENT = 'O WhatsApp não aceitou a mensagem. Tente novamente.';
const NOT_ON_WHATSAPP = 'Este número não tem WhatsApp.';

export type ReplyResult = { status: 201 | 202; turn: ApiTurn; replayed: boolean };

const statusOf = (turn: ApiTurn): 201 | 202 => (turn.receipt === 'pending' ? 202 : 201);

/** The reply already made under this key, if any (a replay answers it and sends nothing). */
export async function replayedReply(
  db: Db,
  storeId: string,
  phone: string,
  key: string,
): Promise<ReplyResult | null> {
  const [row] = await db
    .select({ id: conversationMessages.id, phone: conversationMessages.phone })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.storeId, storeId), eq(conversationMessages.clientKey, key)));
  if (!row) return null;
  if (row.phone !== phone) throw new ApiError(422, 'Idempotency-Key já usada em outra operação');
  const turn = await turnById(db, storeId, row.id);
  return turn ? { status: statusOf(turn), turn, replayed: true } : null;
}

export async function sendOwnerReply(
  deps: ReplyDeps,
  storeId: string,
  phone: string,
  typed: string,
  key: string | undefined,
  /** The public address for `{link_loja}` (null when no one outside could open it). */
  linkBase: string | null = null,
): Promise<ReplyResult> {
  const { db, gateway } = deps;
  const chat = await findChat(db, storeId, phone, deps.now());
  const name = chat.name === chat.phone ? '' : chat.name;
  const text = await fillForChat(db, storeId, name, typed, linkBase);
  if (text.length > MAX_TEXT) throw new ApiError(400, MESSAGE_TOO_LONG);
  const at = deps.now();
  const [claimed] = await db
    .insert(conversationMessages)
    .values({
      storeId,
      customerId: chat.customerId,
      phone,
      direction: 'out',
      author: 'owner',
      text,
      clientKey: key ?? null,
      sendState: 'sending',
      createdAt: at,
    })
    .onConflictDoNothing({ target: [conversationMessages.storeId, conversationMessages.clientKey] })
    .returning({ id: conversationMessages.id });
  if (!claimed) {
    // A twin of this request (same key) claimed it first: its row is the answer.
    const twin = key ? await replayedReply(db, storeId, phone, key) : null;
    if (twin) return twin;
    throw new ApiError(409, 'Esta mensagem já está sendo enviada.');
  }
  const settle = (state: 'sent' | 'unknown', messageId: string | null = null) =>
    db
      .update(conversationMessages)
      .set({ sendState: state, gatewayMessageId: messageId })
      .where(eq(conversationMessages.id, claimed.id));
  const unclaim = () =>
    db.delete(conversationMessages).where(eq(conversationMessages.id, claimed.id));

  try {
    const answer = await gateway.sendText({ id: storeId }, phone, text);
    await settle('sent', answer?.id ?? null);
  } catch (error) {
    if (error instanceof GatewayOutcomeUnknownError) {
      logger.warn('owner reply outcome unknown', { storeId, error: errorSummary(error) });
      await settle('unknown');
    } else {
      await unclaim();
      if (error instanceof NumberNotOnWhatsAppError) throw new ApiError(422, NOT_ON_WHATSAPP);
      if (!(error instanceof GatewayError)) throw error;
      const state = await gateway.state({ id: storeId }).catch(() => 'unknown' as const);
      if (error.kind === 'not_connected' || state === 'disconnected' || state === 'connecting') {
        throw new ApiError(409, DISCONNECTED);
      }
      logger.warn('owner reply refused', { storeId, error: errorSummary(error) });
      throw new ApiError(502, NOT_SENT);
    }
  }
  // The owner answered: the chat is read and the assistant steps back (chat-state.ts).
  await noteTurn(db, { storeId, phone, customerId: chat.customerId, author: 'owner', text, at });
  const turn = await turnById(db, storeId, claimed.id);
  if (!turn) throw new Error('reply turn vanished');
  return { status: statusOf(turn), turn, replayed: false };
}

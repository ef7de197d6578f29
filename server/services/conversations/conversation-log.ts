/** conversation_messages: every turn of every chat, and the questions the pipeline asks of it. */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationMessages } from '../../db/schema';
import { noteTurn } from './chat-state';

export type Turn = {
  storeId: string;
  customerId: string | null;
  phone: string;
  direction: 'in' | 'out';
  author: 'customer' | 'assistant' | 'owner' | 'campaign' | 'order';
  text: string;
  mediaUrl?: string | null;
  /** The gateway's message id of an incoming webhook message (de-duplication). */
  gatewayMessageId?: string | null;
  /** The customer's WhatsApp push name (the chat's name until a customer record has one). */
  pushName?: string;
  /** The order this turn is about (its card in the thread): an order's own messages. */
  orderId?: string | null;
  at: Date;
};

/**
 * Logs a turn; false when a turn with the same gateway message id is already logged for the
 * store (a repeated webhook delivery): the caller then does nothing more with it.
 */
export async function logTurn(db: Db, turn: Turn): Promise<boolean> {
  const rows = await db
    .insert(conversationMessages)
    .values({
      storeId: turn.storeId,
      customerId: turn.customerId,
      phone: turn.phone,
      direction: turn.direction,
      author: turn.author,
      text: turn.text,
      mediaUrl: turn.mediaUrl ?? null,
      gatewayMessageId: turn.gatewayMessageId || null,
      orderId: turn.orderId ?? null,
      createdAt: turn.at,
    })
    .onConflictDoNothing({
      target: [conversationMessages.storeId, conversationMessages.gatewayMessageId],
    })
    .returning({ id: conversationMessages.id });
  if (rows.length === 0) return false;
  // The chat's last message, unread count and hand-over follow every turn (decision 025).
  await noteTurn(db, turn);
  return true;
}

/** The chat's outgoing turns since `since`, newest first. */
export async function recentOutgoing(
  db: Db,
  storeId: string,
  phone: string,
  since: Date,
  authors: Turn['author'][],
) {
  return db
    .select({
      author: conversationMessages.author,
      text: conversationMessages.text,
      createdAt: conversationMessages.createdAt,
    })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.storeId, storeId),
        eq(conversationMessages.phone, phone),
        eq(conversationMessages.direction, 'out'),
        inArray(conversationMessages.author, authors),
        gte(conversationMessages.createdAt, since),
      ),
    )
    .orderBy(desc(conversationMessages.createdAt))
    .limit(20);
}

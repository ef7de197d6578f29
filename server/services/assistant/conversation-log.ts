/** conversation_messages: every turn of every chat, and the questions the pipeline asks of it. */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationMessages } from '../../db/schema';

export type Turn = {
  storeId: string;
  customerId: string | null;
  phone: string;
  direction: 'in' | 'out';
  author: 'customer' | 'assistant' | 'owner' | 'campaign';
  text: string;
  mediaUrl?: string | null;
  at: Date;
};

export async function logTurn(db: Db, turn: Turn): Promise<void> {
  await db.insert(conversationMessages).values({
    storeId: turn.storeId,
    customerId: turn.customerId,
    phone: turn.phone,
    direction: turn.direction,
    author: turn.author,
    text: turn.text,
    mediaUrl: turn.mediaUrl ?? null,
    createdAt: turn.at,
  });
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

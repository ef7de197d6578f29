/** The customer's messages about one order, as the owner's detail and the order page show them. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { NOTICE_LABELS, type NoticeKind } from '../../../src/domain/order-notices';
import type { Db } from '../../db/client';
import { orderMessages } from '../../db/schema';

export type OrderMessageView = {
  kind: NoticeKind;
  label: string;
  state: 'pending' | 'sending' | 'sent' | 'unknown' | 'dropped' | 'failed';
  text: string;
  createdAt: string;
  settledAt: string | null;
  note: string | null;
};

export async function listOrderMessages(
  db: Db,
  storeId: string,
  orderId: string,
): Promise<OrderMessageView[]> {
  const rows = await db
    .select()
    .from(orderMessages)
    .where(and(eq(orderMessages.storeId, storeId), eq(orderMessages.orderId, orderId)))
    .orderBy(asc(orderMessages.createdAt));
  return rows.map((r) => ({
    kind: r.kind as NoticeKind,
    label: NOTICE_LABELS[r.kind as NoticeKind] ?? r.kind,
    state: r.state as OrderMessageView['state'],
    text: r.text,
    createdAt: r.createdAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
    note: r.note,
  }));
}

/** The order page's timeline notes: the messages that did not go, and why. */
export async function droppedNotes(db: Db, orderId: string) {
  const rows = await db
    .select({ at: orderMessages.settledAt, text: orderMessages.note })
    .from(orderMessages)
    .where(
      and(eq(orderMessages.orderId, orderId), inArray(orderMessages.state, ['dropped', 'failed'])),
    )
    .orderBy(asc(orderMessages.createdAt));
  return rows.flatMap((r) => (r.at && r.text ? [{ at: r.at, text: r.text }] : []));
}

/**
 * Chats past the store's conversation retention (decision 024: `conversationMonths`, default 12)
 * go with their turns: a chat whose last message is older than the store keeps turns holds
 * nothing the owner may still keep. A chat is a synced row, so it becomes a tombstone without
 * its number or text (devices drop it on their next pull), its revision drawn under the store's
 * lock. Run nightly by the privacy-retention job; bounded passes, one store's lock at a time.
 */
import { and, inArray, isNull, sql } from 'drizzle-orm';
import { RETENTION_DEFAULTS } from '../../../src/domain/privacy';
import type { Db } from '../../db/client';
import { conversations } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { type StoreTx, writeStore } from '../../db/store-write';
import { nextRevision } from '../sync/revision';

const BATCH = 500;
const MAX_PASSES = 200;

/** What a chat keeps as a tombstone: its id, store and times; the number becomes the id. */
export const chatTombstone = (tx: StoreTx, now: Date) => ({
  deletedAt: now,
  phone: sql`${conversations.id}::text`,
  pushName: '',
  lastText: '',
  customerId: null,
  unread: 0,
  needsHuman: false,
  revision: nextRevision(tx),
  updatedAt: now,
});

export async function purgeOldChats(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const expired = rowsOf<{ id: string; store_id: string }>(
      await db.execute(sql`
        select c.id, c.store_id from conversations c
        left join privacy_settings p on p.store_id = c.store_id
        where c.deleted_at is null and c.last_message_at < ${now.toISOString()}::timestamptz
          - make_interval(months => coalesce(p.conversation_months, ${RETENTION_DEFAULTS.conversationMonths}))
        order by c.store_id
        limit ${BATCH}`),
    );
    const byStore = new Map<string, { id: string }[]>();
    for (const r of expired) byStore.set(r.store_id, [...(byStore.get(r.store_id) ?? []), r]);
    for (const [storeId, rows] of byStore) {
      const ids = rows.map((r) => r.id);
      total += await writeStore(db, storeId, async (tx) => {
        const done = await tx
          .update(conversations)
          .set(chatTombstone(tx, now))
          .where(and(inArray(conversations.id, ids), isNull(conversations.deletedAt)))
          .returning({ id: conversations.id });
        return done.length;
      });
    }
    if (expired.length < BATCH) break;
  }
  return total;
}

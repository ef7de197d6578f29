/**
 * Chats past the store's conversation retention (decision 024: `conversationMonths`, default 12)
 * go with their turns: a chat whose last message is older than the store keeps turns holds
 * nothing the owner may still keep (its last text is a turn too). Run by the nightly
 * privacy-retention job after the turns' own purge; one bounded statement per pass, no lock.
 */
import { sql } from 'drizzle-orm';
import { RETENTION_DEFAULTS } from '../../../src/domain/privacy';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';

const BATCH = 1000;
const MAX_BATCHES = 200;

export async function purgeOldChats(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const done = rowsOf(
      await db.execute(sql`
        delete from conversations where id in (
          select c.id from conversations c
          left join privacy_settings p on p.store_id = c.store_id
          where c.last_message_at < ${now.toISOString()}::timestamptz
            - make_interval(months => coalesce(p.conversation_months, ${RETENTION_DEFAULTS.conversationMonths}))
          limit ${BATCH})
        returning id`),
    ).length;
    total += done;
    if (done < BATCH) break;
  }
  return total;
}

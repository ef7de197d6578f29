/**
 * Retention by the store's settings (LGPD arts. 15–16, decision 024), run nightly: conversation
 * turns older than the store's months are deleted; campaign recipients' phones older than its
 * months are cleared (the report keeps its counts and statuses); used or expired privacy codes
 * go. Receipts follow the store's days in receipts-retention.ts. Each pass deletes at most
 * BATCH rows in one short statement, across stores, with no store's write lock: a store's
 * requests interleave with the purge instead of waiting behind it.
 */
import { sql } from 'drizzle-orm';
import { RETENTION_DEFAULTS } from '../../../src/domain/privacy';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';

export const RETENTION_BATCH = 1000;
/** A night's ceiling per kind: a backlog is finished over the next nights. */
const MAX_BATCHES = 200;

export type RetentionResult = { conversation: number; recipientPhones: number; codes: number };

async function inBatches(run: () => Promise<number>): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const done = await run();
    total += done;
    if (done < RETENTION_BATCH) break;
  }
  return total;
}

export async function purgeByRetention(db: Db, now: Date): Promise<RetentionResult> {
  const at = now.toISOString();
  const conversation = await inBatches(
    async () =>
      rowsOf(
        await db.execute(sql`
        delete from conversation_messages where id in (
          select m.id from conversation_messages m
          left join privacy_settings p on p.store_id = m.store_id
          where m.created_at < ${at}::timestamptz
            - make_interval(months => coalesce(p.conversation_months, ${RETENTION_DEFAULTS.conversationMonths}))
          limit ${RETENTION_BATCH})
        returning id`),
      ).length,
  );
  const recipientPhones = await inBatches(
    async () =>
      rowsOf(
        await db.execute(sql`
        update campaign_recipients set phone = '' where id in (
          select r.id from campaign_recipients r
          left join privacy_settings p on p.store_id = r.store_id
          where r.phone <> '' and r.status in ('sent', 'failed', 'skipped')
            and coalesce(r.sent_at, r.settled_at, r.created_at) < ${at}::timestamptz
              - make_interval(months => coalesce(p.recipient_phone_months, ${RETENTION_DEFAULTS.recipientPhoneMonths}))
          limit ${RETENTION_BATCH})
        returning id`),
      ).length,
  );
  const codes = rowsOf(
    await db.execute(sql`
      delete from privacy_codes where expires_at < ${at}::timestamptz - interval '1 day'
      returning id`),
  ).length;
  return { conversation, recipientPhones, codes };
}

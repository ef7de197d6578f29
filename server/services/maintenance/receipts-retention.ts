/**
 * Receipts retention (decision 022, LGPD art. 6 III: data minimisation). Who received and who
 * read a message, and when, is per-person data the owner needs while a campaign is fresh; after
 * RECEIPT_RETENTION_DAYS it is reduced to the campaign's counts. For each campaign whose last
 * message left before then: its delivered / read / failed counts are added to
 * campaign_receipt_totals, then its recipients' gateway message ids are cleared and their
 * receipts deleted, in one transaction per campaign (a crash leaves it whole, or done). Receipts
 * of other messages (assistant replies) and any receipt past the period are deleted too.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';

/**
 * Days a message's receipts are kept by default (a campaign's report is read in its first
 * weeks); a store may set its own in 'Privacidade' (privacy_settings.receipt_days).
 */
export const RECEIPT_RETENTION_DAYS = 90;
/** Campaigns folded per transaction batch: a night's run never holds the database for long. */
const CAMPAIGNS_PER_RUN = 200;

export type ReceiptsPurge = { campaigns: number; receipts: number };

/** Folds one campaign's receipts into its counts and forgets the per-message data. */
async function foldCampaign(db: Db, campaignId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into campaign_receipt_totals (campaign_id, store_id, delivered, read, failed, purged_at)
      select cr.campaign_id, min(cr.store_id::text)::uuid,
        count(*) filter (where w.read_at is null and w.delivered_at is not null),
        count(*) filter (where w.read_at is not null),
        count(*) filter (where w.read_at is null and w.delivered_at is null and w.failed_at is not null),
        now()
      from campaign_recipients cr
      left join whatsapp_receipts w
        on w.store_id = cr.store_id and w.message_id = cr.gateway_message_id
      where cr.campaign_id = ${campaignId} and cr.status = 'sent'
        and cr.gateway_message_id is not null
      group by cr.campaign_id
      on conflict (campaign_id) do update set
        delivered = campaign_receipt_totals.delivered + excluded.delivered,
        read = campaign_receipt_totals.read + excluded.read,
        failed = campaign_receipt_totals.failed + excluded.failed,
        purged_at = excluded.purged_at`);
    const deleted = await tx.execute(sql`
      delete from whatsapp_receipts w using campaign_recipients cr
      where cr.campaign_id = ${campaignId} and cr.gateway_message_id is not null
        and w.store_id = cr.store_id and w.message_id = cr.gateway_message_id
      returning w.message_id`);
    await tx.execute(sql`
      update campaign_recipients set gateway_message_id = null
      where campaign_id = ${campaignId} and gateway_message_id is not null`);
    return rowsOf(deleted).length;
  });
}

/** Idempotent: running it twice, or late, folds and deletes nothing more than what is due. */
export async function purgeOldReceipts(db: Db, now: Date): Promise<ReceiptsPurge> {
  // The store's own period when it set one ('Privacidade', decision 024), else the default.
  const at = now.toISOString();
  const days = (store: SQL) =>
    sql`coalesce((select p.receipt_days from privacy_settings p where p.store_id = ${store}), ${RECEIPT_RETENTION_DAYS})`;
  const due = rowsOf<{ id: string }>(
    await db.execute(sql`
      select campaign_id as id from campaign_recipients
      where gateway_message_id is not null
      group by campaign_id, store_id
      having max(sent_at) < ${at}::timestamptz - make_interval(days => ${days(sql`store_id`)})
      limit ${CAMPAIGNS_PER_RUN}`),
  );
  let receipts = 0;
  for (const { id } of due) receipts += await foldCampaign(db, id);
  const rest = await db.execute(sql`
    delete from whatsapp_receipts w
    where w.created_at < ${at}::timestamptz - make_interval(days => ${days(sql`w.store_id`)})
    returning w.message_id`);
  return { campaigns: due.length, receipts: receipts + rowsOf(rest).length };
}

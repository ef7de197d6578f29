/**
 * A recipient's life: claimed (pending → sending) by a conditional UPDATE before the message
 * goes out, then settled (sent / failed / back to pending for a retry). Whoever does not hold
 * the claim cannot settle it, and a row claimed by a dead sender is the only one ever re-sent.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignRecipients } from '../../db/schema';
import { rowsOf } from './sql-rows';

export type Claimed = typeof campaignRecipients.$inferSelect & {
  /** The customer now: opted out or deleted since the recipients were fixed → skipped. */
  customerOptedOut: boolean;
  customerGone: boolean;
};

type ClaimedRow = {
  id: string;
  campaign_id: string;
  store_id: string;
  customer_id: string;
  name: string;
  phone: string;
  attempts: number;
  opted_out: boolean | null;
  deleted_at: string | Date | null;
};

/** Claims one sendable recipient of a campaign that is still running; null when none. */
export async function claimNext(
  db: Db,
  campaignId: string,
  token: string,
  now: Date,
): Promise<Claimed | null> {
  const result = await db.execute(sql`
    with claimed as (
      update campaign_recipients set status = 'sending', claim_token = ${token},
        claimed_at = ${now}, attempts = attempts + 1
      where id = (
        select r.id from campaign_recipients r
        where r.campaign_id = ${campaignId} and r.status = 'pending'
          and (r.next_attempt_at is null or r.next_attempt_at <= ${now})
        limit 1 for update skip locked)
        and status = 'pending'
        and exists (select 1 from campaigns c where c.id = ${campaignId}
                    and c.status in ('agendado', 'em andamento'))
      returning id, campaign_id, store_id, customer_id, name, phone, attempts)
    select claimed.*, cu.opted_out, cu.deleted_at
    from claimed left join customers cu on cu.id = claimed.customer_id`);
  const row = rowsOf<ClaimedRow>(result)[0];
  if (!row) return null;
  return {
    id: row.id,
    campaignId: row.campaign_id,
    storeId: row.store_id,
    customerId: row.customer_id,
    name: row.name,
    phone: row.phone,
    status: 'sending',
    attempts: Number(row.attempts),
    lastError: null,
    claimToken: token,
    claimedAt: now,
    nextAttemptAt: null,
    settledAt: null,
    sentAt: null,
    createdAt: now,
    customerOptedOut: row.opted_out === true,
    customerGone: row.opted_out === null || row.deleted_at !== null,
  };
}

const mine = (r: Claimed, token: string) =>
  and(
    eq(campaignRecipients.id, r.id),
    eq(campaignRecipients.status, 'sending'),
    eq(campaignRecipients.claimToken, token),
  );

/**
 * Delivered: the row, the campaign's count and the conversation log (author 'campaign') in ONE
 * statement, atomic like a transaction and a single round trip. Nothing happens unless the
 * claim is still this sender's.
 */
export async function markSent(
  db: Db,
  r: Claimed,
  token: string,
  now: Date,
  message: { text: string; mediaUrl: string | null },
): Promise<boolean> {
  const result = await db.execute(sql`
    with done as (
      update campaign_recipients set status = 'sent', sent_at = ${now}, settled_at = ${now},
        last_error = null
      where id = ${r.id} and status = 'sending' and claim_token = ${token}
      returning id),
    counted as (
      update campaigns set sent_count = sent_count + 1, failure_streak = 0, updated_at = ${now},
        status = case when status = 'agendado' then 'em andamento' else status end
      where id = ${r.campaignId} and exists (select 1 from done)
      returning id),
    logged as (
      insert into conversation_messages
        (store_id, customer_id, phone, direction, author, text, media_url, created_at)
      select ${r.storeId}, ${r.customerId}, ${r.phone}, 'out', 'campaign', ${message.text},
        ${message.mediaUrl}, ${now}
      where exists (select 1 from done)
      returning id)
    select (select count(*) from done)::int as done, (select count(*) from counted)::int as c,
      (select count(*) from logged)::int as l`);
  return Number(rowsOf<{ done: number }>(result)[0]?.done ?? 0) > 0;
}

/** Settles the claim as failed or skipped for good, with the owner-facing reason. */
export async function markFinal(
  db: Db,
  r: Claimed,
  token: string,
  now: Date,
  status: 'failed' | 'skipped',
  reason: string,
): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ status, lastError: reason, settledAt: now })
    .where(mine(r, token));
}

/** Back to pending, to be tried again after `retryAt` (the attempt counts). */
export async function scheduleRetry(
  db: Db,
  r: Claimed,
  token: string,
  now: Date,
  retryAt: Date,
  reason: string,
): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ status: 'pending', lastError: reason, settledAt: now, nextAttemptAt: retryAt })
    .where(mine(r, token));
}

/** Back to pending as if never claimed (the message was not sent: WhatsApp disconnected). */
export async function unclaim(db: Db, r: Claimed, token: string): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ status: 'pending', attempts: sql`greatest(${campaignRecipients.attempts} - 1, 0)` })
    .where(mine(r, token));
}

/**
 * Rows a previous sender of this store claimed and never settled (it died mid-send) go back to
 * pending: the message may or may not have left, and re-sending it is the only possible repeat.
 * Called by the lease holder only, so no live sender owns them.
 */
export async function recoverStaleClaims(db: Db, storeId: string, token: string): Promise<number> {
  const rows = await db
    .update(campaignRecipients)
    .set({ status: 'pending' })
    .where(
      and(
        eq(campaignRecipients.storeId, storeId),
        eq(campaignRecipients.status, 'sending'),
        ne(campaignRecipients.claimToken, token),
      ),
    )
    .returning({ id: campaignRecipients.id });
  return rows.length;
}

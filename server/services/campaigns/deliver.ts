/**
 * A recipient's life (docs/decisions/010, its state diagram): claimed (pending → sending) by a
 * conditional UPDATE before the message goes out, then settled: sent; failed or skipped; back
 * to pending only when the gateway surely did not send it (a definite refusal); or unconfirmed
 * when nobody can say (a timeout, a reset, a 5xx, a sender that died mid-send). An unconfirmed
 * row is never sent again unless the gateway itself shows the message was not delivered.
 * Whoever does not hold the claim cannot settle it.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignRecipients } from '../../db/schema';
import { type RecipientSqlRow, rowsOf } from '../../db/sql-rows';
import { errorSummary, logger } from '../../logger';
import { noteTurn } from '../conversations/chat-state';

/** Every status a recipient row can have (the report shows 'sending' as 'pending'). */
export const RECIPIENT_STATUSES = [
  'pending',
  'sending',
  'sent',
  'unconfirmed',
  'failed',
  'skipped',
] as const;
export type RecipientRowStatus = (typeof RECIPIENT_STATUSES)[number];

/** Shown to the owner for a message the gateway may or may not have sent. */
export const UNCONFIRMED_REASON = 'O WhatsApp não confirmou o envio; a mensagem não será repetida';
export const INTERRUPTED_REASON =
  'O envio foi interrompido sem confirmação do WhatsApp; a mensagem não será repetida';

export type Claimed = typeof campaignRecipients.$inferSelect & {
  /** The customer now: opted out or deleted since the recipients were fixed → skipped. */
  customerOptedOut: boolean;
  customerGone: boolean;
};

type ClaimedRow = RecipientSqlRow & {
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
    gatewayMessageId: null,
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
 * claim is still this sender's, or the row is unconfirmed (the gateway showed it was sent).
 */
export async function markSent(
  db: Db,
  r: Pick<Claimed, 'id' | 'campaignId' | 'storeId' | 'customerId' | 'phone'>,
  token: string,
  now: Date,
  message: { text: string; mediaUrl: string | null },
  /** The gateway's id for the message (its receipts name it); null when it gave none. */
  messageId: string | null = null,
): Promise<boolean> {
  const result = await db.execute(sql`
    with done as (
      update campaign_recipients set status = 'sent', sent_at = ${now}, settled_at = ${now},
        last_error = null, next_attempt_at = null,
        gateway_message_id = coalesce(${messageId}, gateway_message_id)
      where id = ${r.id} and ((status = 'sending' and claim_token = ${token})
                              or status = 'unconfirmed')
      returning id),
    counted as (
      update campaigns set sent_count = sent_count + 1, failure_streak = 0, updated_at = ${now},
        status = case when status = 'agendado' then 'em andamento' else status end
      where id = ${r.campaignId} and exists (select 1 from done)
      returning id),
    logged as (
      insert into conversation_messages (store_id, customer_id, phone, direction, author, text,
        media_url, gateway_message_id, created_at)
      select ${r.storeId}, ${r.customerId}, ${r.phone}, 'out', 'campaign', ${message.text},
        ${message.mediaUrl}, ${messageId}, ${now}
      where exists (select 1 from done)
      on conflict do nothing
      returning id)
    select (select count(*) from done)::int as done, (select count(*) from counted)::int as c,
      (select count(*) from logged)::int as l`);
  const done = Number(rowsOf<{ done: number }>(result)[0]?.done ?? 0) > 0;
  if (done) await noteTurn(db, { ...r, author: 'campaign', text: message.text, at: now });
  return done;
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

/**
 * Sent or not, nobody knows: settled as unconfirmed (the attempt counts), looked up at the
 * gateway again from `recheckAt`. Never back to pending from here but through
 * `unconfirmedNotDelivered`.
 */
export async function markUnconfirmed(
  db: Db,
  r: Claimed,
  token: string,
  now: Date,
  recheckAt: Date,
  reason = UNCONFIRMED_REASON,
): Promise<boolean> {
  const rows = await db
    .update(campaignRecipients)
    .set({ status: 'unconfirmed', lastError: reason, settledAt: now, nextAttemptAt: recheckAt })
    .where(mine(r, token))
    .returning({ id: campaignRecipients.id });
  return rows.length > 0;
}

/**
 * A write that records what already happened at the gateway (a send, an unknown outcome) must
 * not be lost to a passing database error: tried again with a bounded backoff (100 ms doubling
 * to 2 s) for up to `maxMs`. Giving up leaves the row 'sending'; its recovery makes it
 * unconfirmed, never pending, so even then nobody gets the message twice.
 */
export async function untilRecorded<T>(
  what: string,
  write: () => Promise<T>,
  options: { maxMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<T> {
  const maxMs = options.maxMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const start = Date.now();
  for (let delay = 100; ; delay = Math.min(delay * 2, 2_000)) {
    try {
      return await write();
    } catch (error) {
      if (Date.now() - start + delay > maxMs) throw error;
      logger.warn('campaign send not recorded yet: retrying', {
        what,
        error: errorSummary(error),
      });
      await sleep(delay);
    }
  }
}

/** Back to pending as if never claimed (the message was surely not sent: refused before it left). */
export async function unclaim(db: Db, r: Claimed, token: string): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ status: 'pending', attempts: sql`greatest(${campaignRecipients.attempts} - 1, 0)` })
    .where(mine(r, token));
}

/**
 * Rows a previous sender of this store claimed and never settled (it died mid-send): the
 * message may or may not have left, so they become unconfirmed (looked up at the gateway at
 * once), never pending. Called by the lease holder only, so no live sender owns them.
 */
export async function recoverStaleClaims(db: Db, storeId: string, token: string): Promise<number> {
  const rows = await db
    .update(campaignRecipients)
    .set({
      status: 'unconfirmed',
      lastError: INTERRUPTED_REASON,
      nextAttemptAt: null,
      settledAt: new Date(),
    })
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

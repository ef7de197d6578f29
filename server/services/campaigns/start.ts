/** Starting a campaign: its recipients are fixed once, in one transaction, when it is due. */
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstRow } from '../../db/first-row';
import { payingFor } from '../../db/payment-row';
import { campaigns, payments } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import type { Tx } from '../../db/store-write';
import { audienceOf } from '../labels/campaign-audience';
import { fixRecipients, type PaidAudience } from './audience';

/**
 * Fixes the recipients of a due, confirmed campaign (no-op when already started, cancelled or
 * not due). A campaign with nobody to send to is 'enviado' at once. Safe to run twice, or from
 * two processes: the row lock and `startedAt` make the second a no-op.
 */
export async function startCampaign(db: Db, campaignId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .for('update');
    if (!row || row.startedAt || !row.confirmedAt || !row.startsAt) return false;
    if (row.status !== 'agendado' || row.startsAt.getTime() > now.getTime()) return false;
    const paid = await paidAudience(tx, row.id);
    const count = await fixRecipients(tx, row.id, row.storeId, paid, await audienceOf(tx, row.id));
    await tx
      .update(campaigns)
      .set({
        startedAt: now,
        recipientCount: count,
        updatedAt: now,
        ...(count === 0 ? { status: 'enviado', sentAt: now } : {}),
      })
      .where(eq(campaigns.id, row.id));
    return true;
  });
}

/**
 * A paid campaign reaches the customers present when its kept charge was made, at most its
 * bands × 100 (decision 012); null for a free campaign (PIX_PROVIDER=off).
 */
async function paidAudience(tx: Tx, campaignId: string): Promise<PaidAudience> {
  const [kept] = await tx
    .select({ createdAt: payments.createdAt, bands: payments.bands })
    .from(payments)
    .where(payingFor(campaignId))
    .orderBy(payments.paidAt)
    .limit(1);
  if (!kept) return null;
  return { before: kept.createdAt, cap: kept.bands === null ? null : kept.bands * 100 };
}

/**
 * The one place campaigns start: the store's sender, under its lease, starts every confirmed
 * campaign of the store that is due (jobs and the sweep only wake the sender).
 */
export async function startDueCampaigns(db: Db, storeId: string, now: Date): Promise<void> {
  for (const id of await dueUnstarted(db, storeId, now)) await startCampaign(db, id, now);
}

/** Confirmed campaigns of the store that are due but not started yet. */
async function dueUnstarted(db: Db, storeId: string, now: Date) {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.storeId, storeId),
        eq(campaigns.status, 'agendado'),
        isNotNull(campaigns.confirmedAt),
        isNull(campaigns.startedAt),
        lte(campaigns.startsAt, now),
      ),
    );
  return rows.map((r) => r.id);
}

/** The store's started, sending campaign that goes first (oldest start first). */
export async function activeCampaign(db: Db, storeId: string) {
  const sending = and(
    eq(campaigns.storeId, storeId),
    inArray(campaigns.status, ['agendado', 'em andamento']),
    isNotNull(campaigns.startedAt),
  );
  return firstRow(
    db.select().from(campaigns).where(sending).orderBy(campaigns.startsAt, campaigns.id),
  );
}

/** The store's next timed event: a confirmed campaign's start or a timed pause's end. */
export async function nextWake(db: Db, storeId: string): Promise<Date | null> {
  const result = await db.execute(sql`select min(at) as at from (
      select starts_at as at from campaigns where store_id = ${storeId} and status = 'agendado'
        and confirmed_at is not null and started_at is null
      union all
      select paused_until from campaigns where store_id = ${storeId} and status = 'pausado'
        and pause_kind in ('window', 'failures')) t`);
  const at = rowsOf<{ at: string | Date | null }>(result)[0]?.at;
  return at ? new Date(at) : null;
}

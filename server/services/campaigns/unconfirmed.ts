/**
 * Messages whose sending nobody could confirm (status 'unconfirmed', set by deliver.ts
 * markUnconfirmed): which are due for another look at the gateway, and what the look decided.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignRecipients } from '../../db/schema';
import { type RecipientSqlRow, rowsOf } from '../../db/sql-rows';

/**
 * The gateway showed an unconfirmed message was not delivered (WhatsApp's ERROR): back to
 * pending for another try while the campaign can still send and attempts are left, else failed.
 */
export async function unconfirmedNotDelivered(
  db: Db,
  id: string,
  now: Date,
  retryAt: Date,
  maxAttempts: number,
  reason: string,
): Promise<void> {
  await db.execute(sql`
    update campaign_recipients r set
      status = case when r.attempts < ${maxAttempts} and c.status in ('agendado', 'em andamento', 'pausado')
        then 'pending' else 'failed' end,
      next_attempt_at = ${retryAt}, last_error = ${reason}, settled_at = ${now}
    from campaigns c
    where r.id = ${id} and r.status = 'unconfirmed' and c.id = r.campaign_id`);
}

/** Unconfirmed rows of a store due for another look at the gateway (at most `limit`). */
export async function dueUnconfirmed(db: Db, storeId: string, now: Date, limit: number) {
  const since = new Date(now.getTime() - RECHECK_FOR_MS);
  const result = await db.execute(sql`
    select r.id, r.campaign_id, r.store_id, r.customer_id, r.name, r.phone, r.attempts,
      r.claimed_at, c.mensagem, c.image_id, c.image_url, c.store_link
    from campaign_recipients r join campaigns c on c.id = r.campaign_id
    where r.store_id = ${storeId} and r.status = 'unconfirmed'
      and (r.next_attempt_at is null or r.next_attempt_at <= ${now})
      and r.claimed_at > ${since}
    order by r.claimed_at limit ${limit}`);
  return rowsOf<
    RecipientSqlRow & {
      claimed_at: string | Date;
      mensagem: string;
      image_id: string | null;
      image_url: string | null;
      store_link: string | null;
    }
  >(result);
}

/** Unconfirmed messages are looked up again for this long after their claim, then left. */
export const RECHECK_FOR_MS = 24 * 3_600_000;

export async function setRecheck(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(campaignRecipients)
    .set({ nextAttemptAt: at })
    .where(and(eq(campaignRecipients.id, id), eq(campaignRecipients.status, 'unconfirmed')));
}

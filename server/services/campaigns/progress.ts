/** A campaign's progress: what is left to send, its end, and the store's sends of the last hour. */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignRecipients } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';

/** Recipients still to send and the earliest retry time among them. */
export async function openRecipients(db: Db, campaignId: string) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      next: sql<Date | null>`min(${campaignRecipients.nextAttemptAt})`,
    })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        inArray(campaignRecipients.status, ['pending', 'sending']),
      ),
    );
  return { open: Number(row?.n ?? 0), nextAttemptAt: row?.next ? new Date(row.next) : null };
}

/** 'enviado' once nobody is left to send to. */
export async function finishCampaign(db: Db, campaignId: string, now: Date): Promise<void> {
  await db.execute(sql`update campaigns set status = 'enviado', sent_at = ${now}, updated_at = ${now}
    where id = ${campaignId} and status in ('agendado', 'em andamento')
      and not exists (select 1 from campaign_recipients r where r.campaign_id = ${campaignId}
                      and r.status in ('pending', 'sending'))`);
}

/** When the store's messages of the last hour went out, oldest first (at most `limit`). */
export async function sentInLastHour(
  db: Db,
  storeId: string,
  now: Date,
  limit: number,
): Promise<number[]> {
  const since = new Date(now.getTime() - 3_600_000);
  const result = await db.execute(sql`select sent_at from campaign_recipients
    where store_id = ${storeId} and sent_at > ${since}
    order by sent_at desc limit ${limit}`);
  return rowsOf<{ sent_at: string | Date }>(result)
    .map((r) => new Date(r.sent_at).getTime())
    .reverse();
}

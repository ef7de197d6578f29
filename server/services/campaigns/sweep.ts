/**
 * The safety net: every store with runnable campaign work, found from the campaigns themselves
 * (due, running, or paused with a reason that may have passed). A lost job or a crashed
 * process therefore delays a campaign by one sweep, never forever.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import { RECHECK_FOR_MS } from './unconfirmed';

export async function storesWithCampaignWork(db: Db, now: Date): Promise<string[]> {
  // …and every store with an unconfirmed message due for another look at the gateway.
  const since = new Date(now.getTime() - RECHECK_FOR_MS);
  const result = await db.execute(sql`select distinct store_id from campaigns
    where (status = 'agendado' and confirmed_at is not null and starts_at <= ${now})
       or status = 'em andamento'
       or (status = 'pausado' and (pause_kind = 'disconnected' or paused_until <= ${now}))
    union
    select distinct store_id from campaign_recipients
    where status = 'unconfirmed' and next_attempt_at <= ${now} and claimed_at > ${since}`);
  return rowsOf<{ store_id: string }>(result).map((r) => r.store_id);
}

/**
 * The safety net: every store with runnable campaign work, found from the campaigns themselves
 * (due, running, or paused with a reason that may have passed). A lost job or a crashed
 * process therefore delays a campaign by one sweep, never forever.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from './sql-rows';

export async function storesWithCampaignWork(db: Db, now: Date): Promise<string[]> {
  const result = await db.execute(sql`select distinct store_id from campaigns
    where (status = 'agendado' and confirmed_at is not null and starts_at <= ${now})
       or status = 'em andamento'
       or (status = 'pausado' and (pause_kind = 'disconnected' or paused_until <= ${now}))`);
  return rowsOf<{ store_id: string }>(result).map((r) => r.store_id);
}

/**
 * The customers a deleted label had (`deleted_label_links`, services/labels/labels-repo.ts) are
 * kept only while a campaign could still count or fix its recipients by that label: a draft or a
 * confirmed campaign not started yet (recipients are fixed at the start, decision 021). After
 * that, and at least LABEL_LINKS_RETENTION_DAYS after the deletion (a phone offline that long may
 * still replay a campaign naming it), they are deleted: nothing else ever reads them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowCount } from '../../db/sql-rows';

export const LABEL_LINKS_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Idempotent; answers how many links were deleted. */
export async function pruneDeletedLabelLinks(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - LABEL_LINKS_RETENTION_DAYS * DAY_MS);
  const result = await db.execute(sql`
    delete from deleted_label_links dl
    where dl.deleted_at < ${before.toISOString()}::timestamptz
      and not exists (
        select 1 from campaign_audiences ca
        join campaigns c on c.id = ca.campaign_id
        where ca.store_id = dl.store_id
          and c.started_at is null
          and c.status <> 'cancelado'
          and (dl.label_id = any(ca.labels) or dl.label_id = any(ca.exclude)))
    returning dl.label_id`);
  return rowCount(result);
}

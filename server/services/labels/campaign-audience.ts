/**
 * A campaign's audience stored beside it (schema-labels.ts `campaign_audiences`): written with
 * the draft, its labels checked against the store's own, read when recipients are counted.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { LABEL_UNKNOWN } from '../../../src/domain/label';
import type { Audience } from '../../../src/domain/label-audience';
import type { Db } from '../../db/client';
import { campaignAudiences, labels } from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';

/** Saves (or clears, for every customer) a draft's audience; 400 for a label not the store's. */
export async function saveAudience(
  tx: Tx,
  storeId: string,
  campaignId: string,
  audience: Audience,
): Promise<void> {
  await tx.delete(campaignAudiences).where(eq(campaignAudiences.campaignId, campaignId));
  if (!audience) return;
  const ids = [...new Set([...audience.labels, ...audience.exclude])];
  const found = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.storeId, storeId), isNull(labels.deletedAt), inArray(labels.id, ids)));
  if (found.length !== ids.length) throw new ApiError(400, LABEL_UNKNOWN);
  await tx.insert(campaignAudiences).values({ campaignId, storeId, ...audience });
}

/** The audiences of these campaigns (absent = every customer). */
export async function audiencesOf(
  db: Db | Tx,
  campaignIds: readonly string[],
): Promise<Map<string, Audience>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(campaignAudiences)
    .where(inArray(campaignAudiences.campaignId, [...campaignIds]));
  return new Map(rows.map((r) => [r.campaignId, { labels: r.labels, exclude: r.exclude }]));
}

/** One campaign's audience (null = every customer). */
export async function audienceOf(db: Db | Tx, campaignId: string): Promise<Audience> {
  return (await audiencesOf(db, [campaignId])).get(campaignId) ?? null;
}

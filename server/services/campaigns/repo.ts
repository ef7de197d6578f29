/** Reading campaigns, always scoped to the caller's store: one, a history page, a delivery report. */

import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { CAMPAIGN_TEXTS } from '../../../src/domain/campaigns';
import { audienceKey } from '../../../src/domain/label-audience';
import type { Db } from '../../db/client';
import { campaignRecipients, campaigns } from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import type { Services } from '../../types';
import { audiencesOf } from '../labels/campaign-audience';
import { NO_ORDERS, ordersOfCampaigns } from '../orders/campaign-orders';
import { countAudience } from './audience';
import { recipientsReport } from './recipient-status';
import { type CampaignJson, type CampaignRow, campaignJson } from './serialize';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The base of image URLs (services/public-base.ts linkBase). */
export type Base = { publicBase: string };

export async function findCampaign(db: Db | Tx, storeId: string, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.storeId, storeId)))
    .limit(1);
  return row ?? null;
}

export async function requireCampaign(db: Db | Tx, storeId: string, id: string) {
  const row = await findCampaign(db, storeId, id);
  if (!row) throw new ApiError(404, CAMPAIGN_TEXTS.notFound);
  return row;
}

/** Rows → JSON; each live audience is counted once, and only when a row still needs it. */
export async function toJson(
  db: Db | Tx,
  storeId: string,
  rows: CampaignRow[],
  base: Base,
): Promise<CampaignJson[]> {
  const open = rows.filter((r) => r.recipientCount === null).map((r) => r.id);
  const audiences = await audiencesOf(db, open);
  const counts = new Map<string, number>();
  for (const id of open) {
    const audience = audiences.get(id) ?? null;
    const key = audienceKey(audience);
    if (!counts.has(key)) counts.set(key, await countAudience(db, storeId, audience));
  }
  const liveOf = (r: CampaignRow) => counts.get(audienceKey(audiences.get(r.id) ?? null)) ?? 0;
  // What each campaign brought back through its store link (services/orders/campaign-orders.ts).
  const brought = await ordersOfCampaigns(
    db,
    storeId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...campaignJson(r, base.publicBase, liveOf(r)),
    orders: brought.get(r.id) ?? NO_ORDERS,
  }));
}

export async function oneJson(db: Db | Tx, row: CampaignRow, base: Base): Promise<CampaignJson> {
  const [json] = await toJson(db, row.storeId, [row], base);
  if (!json) throw new Error('campaign json');
  return json;
}

/** The history: confirmed campaigns only (drafts under review are not listed), newest first. */
export async function listCampaigns(
  deps: Pick<Services, 'db'>,
  storeId: string,
  page: { limit: number; offset: number },
  base: Base,
) {
  const rows = await deps.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.storeId, storeId), isNotNull(campaigns.confirmedAt)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(page.limit)
    .offset(page.offset);
  return toJson(deps.db, storeId, rows, base);
}

/** The delivery report: counts and rates per status and every recipient with its status and time. */
export async function campaignReport(db: Db, storeId: string, id: string, base: Base) {
  const row = await requireCampaign(db, storeId, id);
  const campaign = await oneJson(db, row, base);
  const { counts, rates, recipients } = await recipientsReport(db, row.id, campaign.recipientCount);
  return { campaign, counts, rates, recipients };
}

/** Used by tests and the bench: raw status counts of a campaign's recipients. */
export async function recipientStatusCounts(db: Db, campaignId: string) {
  const rows = await db
    .select({ status: campaignRecipients.status, n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId))
    .groupBy(campaignRecipients.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
}

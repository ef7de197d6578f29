/**
 * The daily campaign limit: a campaign counts on the store's day (its time zone) it was
 * confirmed; cancelling one before anything went out gives the slot back. Computed from the
 * campaigns themselves, so no counter needs resetting at midnight.
 */
import { and, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { zonedDayBounds } from '../../../src/domain/zoned-time';
import type { Db } from '../../db/client';
import { campaigns, stores } from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';

export type DailyLimit = { dailyLimit: number; dailySent: number; remaining: number };

export async function storeCampaignSettings(db: Db | Tx, storeId: string) {
  const [store] = await db
    .select({ limit: stores.dailyCampaignLimit, timezone: stores.timezone })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  if (!store) throw new ApiError(404, 'Loja não encontrada. Conclua o cadastro da loja.');
  return store;
}

export async function dailyLimit(db: Db | Tx, storeId: string, now: Date): Promise<DailyLimit> {
  const store = await storeCampaignSettings(db, storeId);
  const { start, end } = zonedDayBounds(now, store.timezone);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.storeId, storeId),
        gte(campaigns.confirmedAt, start),
        lt(campaigns.confirmedAt, end),
        or(ne(campaigns.status, 'cancelado'), sql`${campaigns.sentCount} > 0`),
      ),
    );
  const dailySent = Number(row?.n ?? 0);
  const limit = Math.max(0, store.limit);
  return { dailyLimit: limit, dailySent, remaining: Math.max(0, limit - dailySent) };
}

/**
 * What each campaign brought back (issue 20): the orders placed through its link within the
 * attribution window (place-order.ts), cancelled ones left out, counted with their total.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { Tx } from '../../db/store-write';

/** `total` is a decimal string, as every amount of the API ("142.50"). */
export type CampaignOrders = { count: number; total: string };

export const NO_ORDERS: CampaignOrders = { count: 0, total: '0.00' };

export async function ordersOfCampaigns(
  db: Db | Tx,
  storeId: string,
  campaignIds: readonly string[],
): Promise<Map<string, CampaignOrders>> {
  if (campaignIds.length === 0) return new Map();
  const rows = await db
    .select({
      campaignId: orders.campaignId,
      count: sql<number>`count(*)::int`,
      // Wide enough for any number of orders a campaign's public link brings (each at most
      // MAX_ORDER_TOTAL_CENTS): a cast that overflowed would make the owner's list a 500.
      total: sql<string>`coalesce(sum(${orders.total}), 0)::numeric(20, 2)::text`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        inArray(orders.campaignId, [...campaignIds]),
        ne(orders.status, 'cancelado'),
      ),
    )
    .groupBy(orders.campaignId);
  return new Map(
    rows.map((r) => [String(r.campaignId), { count: Number(r.count), total: r.total }]),
  );
}

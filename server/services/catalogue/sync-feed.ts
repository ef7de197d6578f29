/** The delta feed behind GET /api/sync: rows of one store changed after a revision cursor. */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { SyncResponse } from '../../../src/domain/api-types';
import type { Db } from '../../db/client';
import { customers, products } from '../../db/schema';
import { toSyncCustomer, toSyncProduct } from './serialize';

export const SYNC_PAGE_SIZE = 1000;

/**
 * Products and customers (tombstones included) with revision > since, at most `limit` rows in
 * total, in revision order across both tables. Reading limit+1 of each table is enough to know
 * the first `limit` of the merge and whether more remain.
 */
export async function readChanges(
  db: Db,
  storeId: string,
  since: number,
  limit = SYNC_PAGE_SIZE,
): Promise<SyncResponse> {
  // One snapshot for both tables, so a page is a consistent picture of the store.
  const [productRows, customerRows] = await db.transaction(
    async (tx) => [
      await tx
        .select()
        .from(products)
        .where(and(eq(products.storeId, storeId), gt(products.revision, since)))
        .orderBy(asc(products.revision))
        .limit(limit + 1),
      await tx
        .select()
        .from(customers)
        .where(and(eq(customers.storeId, storeId), gt(customers.revision, since)))
        .orderBy(asc(customers.revision))
        .limit(limit + 1),
    ],
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const merged = [
    ...productRows.map((row) => ({ kind: 'product' as const, revision: row.revision, row })),
    ...customerRows.map((row) => ({ kind: 'customer' as const, revision: row.revision, row })),
  ].sort((a, b) => a.revision - b.revision);
  const page = merged.slice(0, limit);
  const response: SyncResponse = {
    products: [],
    customers: [],
    cursor: String(page.at(-1)?.revision ?? since),
    hasMore: merged.length > limit,
  };
  for (const item of page) {
    if (item.kind === 'product') response.products.push(toSyncProduct(item.row));
    else response.customers.push(toSyncCustomer(item.row));
  }
  return response;
}

/**
 * GET /api/pedidos: the store's orders, newest first, optionally of one status, as JSON text
 * written by the database (the column map's API rows with their items, as every synced list).
 */
import { sql } from 'drizzle-orm';
import { ORDER_COLUMNS, type OrderStatus } from '../../../src/domain/order';
import { childrenOf } from '../../../src/domain/sync/registry';
import type { Db } from '../../db/client';
import { jsonObjectSql } from '../sync/serialize';

const OBJECT = jsonObjectSql(ORDER_COLUMNS, 'list', {
  children: childrenOf('order'),
  parentRef: 'page',
});

export async function listOrdersJson(
  db: Db,
  storeId: string,
  options: { status: OrderStatus | null; limit: number; offset: number },
): Promise<string> {
  const status = options.status ? sql`AND status = ${options.status}` : sql``;
  const result = await db.execute(sql`
    SELECT coalesce(json_agg(${sql.raw(OBJECT)} ORDER BY created_at DESC, id DESC)::text, '[]') AS body
    FROM (SELECT * FROM orders WHERE store_id = ${storeId}::uuid AND deleted_at IS NULL ${status}
          ORDER BY created_at DESC, id DESC LIMIT ${options.limit} OFFSET ${options.offset}) AS page`);
  const [row] = (result as unknown as { rows: Array<{ body: string }> }).rows;
  return row?.body ?? '[]';
}

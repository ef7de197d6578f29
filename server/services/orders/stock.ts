/**
 * Stock, taken when an order is confirmed and given back when a confirmed order is cancelled.
 * Runs inside the store's write (store-write.ts), so two confirmations of one store never
 * interleave: of two orders for the last unit one takes it, the other is refused by name. The
 * UPDATE's own `stock >= quantity` keeps the count from going below zero whatever the caller.
 * Each line records what it took (`order_items.stock_taken`), and a cancel gives back exactly
 * that, once: a product untracked at confirmation and tracked since gets nothing it never gave.
 */
import { and, eq, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { orderItems, products } from '../../db/schema';
import type { StoreTx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import { nextRevision } from '../sync/revision';

type Line = { productId: string; name: string; quantity: number };

/** One line per product (the same product twice in an order counts once, summed). */
function perProduct(lines: readonly Line[]): Line[] {
  const byId = new Map<string, Line>();
  for (const l of lines) {
    const seen = byId.get(l.productId);
    byId.set(l.productId, seen ? { ...seen, quantity: seen.quantity + l.quantity } : { ...l });
  }
  return [...byId.values()];
}

export const outOfStockMessage = (name: string) => `Estoque insuficiente para "${name}"`;

async function itemsOf(tx: StoreTx, orderId: string): Promise<Line[]> {
  return tx
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/**
 * Moves a tracked product's count by `delta` with a new revision (so the storefront's cache and
 * the devices see it); `atLeast`: only when that many are left. Whether a row changed.
 */
async function moveStock(
  tx: StoreTx,
  storeId: string,
  productId: string,
  delta: number,
  now: Date,
  atLeast?: number,
): Promise<boolean> {
  const rows = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${delta}`, revision: nextRevision(tx), updatedAt: now })
    .where(
      and(
        eq(products.id, productId),
        eq(products.storeId, storeId),
        isNotNull(products.stock),
        // A deleted product's count is nobody's: an order of it neither takes nor gives back.
        isNull(products.deletedAt),
        atLeast === undefined ? undefined : gte(products.stock, atLeast),
      ),
    )
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Takes the order's quantities from every tracked product, or throws 409 naming the first short. */
export async function takeStock(tx: StoreTx, storeId: string, orderId: string, now: Date) {
  for (const line of perProduct(await itemsOf(tx, orderId))) {
    if (await moveStock(tx, storeId, line.productId, -line.quantity, now, line.quantity)) {
      // What each line of this product took: what its cancel gives back.
      await tx
        .update(orderItems)
        .set({ stockTaken: orderItems.quantity })
        .where(and(eq(orderItems.orderId, orderId), eq(orderItems.productId, line.productId)));
      continue;
    }
    // Not taken: untracked or deleted (fine, nothing recorded) or short (refused; the
    // transaction rolls back what was taken).
    const [product] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(
        and(
          eq(products.id, line.productId),
          eq(products.storeId, storeId),
          isNull(products.deletedAt),
        ),
      );
    if (product && product.stock !== null) throw new ApiError(409, outOfStockMessage(line.name));
  }
}

/**
 * Gives a cancelled order back what its lines took (a product that stopped tracking or was
 * deleted since gets nothing), and clears the record in the same transaction: whatever runs
 * this again for the order gives back nothing more.
 */
export async function returnStock(tx: StoreTx, storeId: string, orderId: string, now: Date) {
  const taken = await tx
    .select({
      productId: orderItems.productId,
      quantity: sql<number>`sum(${orderItems.stockTaken})::int`,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), gt(orderItems.stockTaken, 0)))
    .groupBy(orderItems.productId);
  for (const line of taken) await moveStock(tx, storeId, line.productId, line.quantity, now);
  if (taken.length > 0) {
    await tx.update(orderItems).set({ stockTaken: 0 }).where(eq(orderItems.orderId, orderId));
  }
}

/** The tracked stock of these products (for the placing checks). */
export async function stockOf(tx: StoreTx, storeId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, number | null>();
  const rows = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(and(eq(products.storeId, storeId), inArray(products.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.stock]));
}

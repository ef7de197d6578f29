/**
 * Stock, taken when an order is confirmed and given back when a confirmed order is cancelled.
 * Runs inside the store's write (store-write.ts), so two confirmations of one store never
 * interleave: of two orders for the last unit one takes it, the other is refused by name. The
 * UPDATE's own `stock >= quantity` keeps the count from going below zero whatever the caller.
 */
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { orderItems, products } from '../../db/schema';
import { nextRevision, type StoreTx } from '../../db/store-write';
import { ApiError } from '../../http';

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
        atLeast === undefined ? undefined : gte(products.stock, atLeast),
      ),
    )
    .returning({ id: products.id });
  return rows.length > 0;
}

/** Takes the order's quantities from every tracked product, or throws 409 naming the first short. */
export async function takeStock(tx: StoreTx, storeId: string, orderId: string, now: Date) {
  for (const line of perProduct(await itemsOf(tx, orderId))) {
    if (await moveStock(tx, storeId, line.productId, -line.quantity, now, line.quantity)) continue;
    // Not taken: untracked (fine) or short (refused; the transaction rolls back what was taken).
    const [product] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(and(eq(products.id, line.productId), eq(products.storeId, storeId)));
    if (product && product.stock !== null) throw new ApiError(409, outOfStockMessage(line.name));
  }
}

/** Gives a cancelled order's quantities back to the products that still track stock. */
export async function returnStock(tx: StoreTx, storeId: string, orderId: string, now: Date) {
  for (const line of perProduct(await itemsOf(tx, orderId))) {
    await moveStock(tx, storeId, line.productId, line.quantity, now);
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

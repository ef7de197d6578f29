/**
 * The chat carts' rows (decision 026): one live cart (open or awaiting) per chat; an open cart
 * untouched for CART_TTL is expired when next read; every write is made from the version read,
 * so two messages of one chat handled at once cannot lose each other's change silently.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type CartState, chatCarts } from '../../db/schema';

/** A cart nobody touched for this long is expired (the customer may start again). */
export const CART_TTL_MS = 2 * 60 * 60_000;
export const LIVE: CartState[] = ['open', 'awaiting'];

export type CartRow = typeof chatCarts.$inferSelect;
export type CartChange = Partial<
  Pick<
    CartRow,
    | 'state'
    | 'items'
    | 'pending'
    | 'asked'
    | 'lastProductId'
    | 'delivery'
    | 'address'
    | 'bairro'
    | 'paymentMethod'
    | 'orderId'
  >
>;

const live = (storeId: string, phone: string) =>
  and(eq(chatCarts.storeId, storeId), eq(chatCarts.phone, phone), inArray(chatCarts.state, LIVE));

/** The chat's live cart, after expiring it if its time has passed. */
export async function liveCart(
  db: Db,
  storeId: string,
  phone: string,
  now: Date,
): Promise<CartRow | null> {
  await db
    .update(chatCarts)
    .set({ state: 'expired', updatedAt: now })
    .where(and(live(storeId, phone), lt(chatCarts.expiresAt, now)));
  const [row] = await db.select().from(chatCarts).where(live(storeId, phone)).limit(1);
  return row ?? null;
}

/** A new open cart; null when another message of the chat made one first (two at once). */
export async function openCart(
  db: Db,
  storeId: string,
  phone: string,
  now: Date,
): Promise<CartRow | null> {
  const [row] = await db
    .insert(chatCarts)
    .values({
      storeId,
      phone,
      state: 'open',
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + CART_TTL_MS),
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Writes a change made from `cart` as read; false when the row changed meanwhile (or ended). */
export async function saveCart(
  db: Db,
  cart: CartRow,
  change: CartChange,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(chatCarts)
    .set({
      ...change,
      version: sql`${chatCarts.version} + 1`,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + CART_TTL_MS),
    })
    .where(
      and(
        eq(chatCarts.id, cart.id),
        eq(chatCarts.version, cart.version),
        inArray(chatCarts.state, LIVE),
      ),
    )
    .returning({ id: chatCarts.id });
  return rows.length > 0;
}

/** The chat's newest cart whatever its state (the owner's screen), or null. */
export async function latestCart(db: Db, storeId: string, phone: string, now: Date) {
  await liveCart(db, storeId, phone, now);
  const [row] = await db
    .select()
    .from(chatCarts)
    .where(and(eq(chatCarts.storeId, storeId), eq(chatCarts.phone, phone)))
    .orderBy(desc(chatCarts.updatedAt))
    .limit(1);
  return row ?? null;
}

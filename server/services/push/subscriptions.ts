/** Devices subscribed to a store's notifications: one row per push endpoint, at most a few per store. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export type PushSubscriptionInput = { endpoint: string; p256dh: string; auth: string };

/**
 * Devices kept per store. A store has a handful of phones; a script re-subscribing with fresh
 * endpoints must not make every new order fan out to thousands of POSTs. The oldest go first.
 */
export const MAX_SUBSCRIPTIONS_PER_STORE = 20;

/**
 * Saves the device's subscription for the caller's store: 'saved', or 'taken' when the endpoint
 * already belongs to another store. The same endpoint again from its store (a browser renewing its
 * keys, the app re-subscribing) updates that row. An endpoint is bound to the store that first
 * subscribed it: anyone who learnt it could otherwise move it and silence that store's phone. A
 * phone really changing hands unsubscribes first ('Sair' does), and the browser's next
 * subscription is a new endpoint.
 */
export async function saveSubscription(
  db: Db,
  owner: { storeId: string; userId: string },
  input: PushSubscriptionInput,
  now: Date,
): Promise<'saved' | 'taken'> {
  const values = { ...owner, ...input, updatedAt: now };
  return db.transaction(async (tx) => {
    const saved = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: values,
        // The unique endpoint decides the race of two stores at once: the loser updates nothing.
        setWhere: eq(pushSubscriptions.storeId, owner.storeId),
      })
      .returning({ id: pushSubscriptions.id });
    if (saved.length === 0) return 'taken';
    const rows = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.storeId, owner.storeId))
      .orderBy(asc(pushSubscriptions.updatedAt), asc(pushSubscriptions.id));
    const excess = rows.slice(0, Math.max(0, rows.length - MAX_SUBSCRIPTIONS_PER_STORE));
    if (excess.length > 0) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          excess.map((r) => r.id),
        ),
      );
    }
    return 'saved';
  });
}

/** Removes the device from the caller's store only; another store's endpoint is left alone. */
export async function removeSubscription(db: Db, storeId: string, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.storeId, storeId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function storeSubscriptions(db: Db, storeId: string) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.storeId, storeId));
}

/** A subscription the push service called gone (404/410): only that row, if still unchanged. */
export async function dropSubscription(db: Db, id: string, p256dh: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.p256dh, p256dh)));
}

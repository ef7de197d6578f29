/**
 * The one way the server writes a store's synced rows (products, customers, and every entity the
 * registry adds): `writeStore` takes the store's write lock, and only a transaction it opened can
 * draw a sync revision (`nextRevision`, services/sync/revision.ts). The rule of docs/decisions/003 is code, not a comment.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** A transaction (or savepoint) of either engine. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

declare const storeLocked: unique symbol;
/**
 * A transaction that holds its store's write lock. Only `writeStore` (and `savepoint` inside it)
 * hands one out, so code that needs a revision cannot run outside the lock.
 */
export type StoreTx = Tx & { readonly [storeLocked]: true };

/**
 * Per-store write lock, released at commit or rollback. Taken BEFORE any revision is drawn:
 * revisions of one store then become visible in increasing order, so a pull that has seen
 * revision N can never later miss a row of that store below N (the "late commit" gap of
 * sequence-based cursors; see docs/decisions/003).
 */
async function lockStore(tx: Tx, storeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${storeId}::text, 0))`);
}

/** Runs `work` in a transaction holding the store's write lock: every server-side writer's entry. */
export function writeStore<T>(
  db: Db,
  storeId: string,
  work: (tx: StoreTx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockStore(tx, storeId);
    return work(tx as StoreTx);
  });
}

/** A savepoint inside a store write: rolled back alone on error, still under the store's lock. */
export function savepoint<T>(tx: StoreTx, work: (tx: StoreTx) => Promise<T>): Promise<T> {
  return tx.transaction((inner) => work(inner as StoreTx));
}

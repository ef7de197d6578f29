/** Per-store write lock: makes sync revisions of one store commit in the order they were drawn. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Every transaction that writes products or customers of a store takes this lock BEFORE drawing
 * a revision (nextval). Revisions of one store then become visible in increasing order, so a
 * pull that has seen revision N can never later miss a row of that store with a revision below
 * N (the "late commit" gap of sequence-based cursors; see docs/decisions/003). Released at
 * commit/rollback. Anyone writing those tables outside this module must take it too.
 */
export async function lockStoreCatalogue(tx: Tx, storeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${storeId}::text, 0))`);
}

/** Runs `work` in a transaction holding the store's catalogue lock. */
export function inStoreTransaction<T>(db: Db, storeId: string, work: (tx: Tx) => Promise<T>) {
  return db.transaction(async (tx) => {
    await lockStoreCatalogue(tx, storeId);
    return work(tx);
  });
}

/**
 * The engine's one stamp of a synced row (docs/decisions/003): every insert and update of a
 * synced table draws its revision here, whether the engine writes it (synced-table.ts) or a
 * service does (an order placed, a consent recorded, an erasure). Revisions come from one
 * sequence, so the delta feed's cursor orders every table's changes at once. It asks for the
 * store-locked transaction it will run in (StoreTx, only `writeStore` hands one out), so a
 * revision cannot be drawn outside the store's write lock.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { StoreTx } from '../../db/store-write';

const NEXT_REVISION = sql<number>`nextval('sync_revision')`;

/** The value of `revision` on every insert and update of a synced row. */
export function nextRevision(_tx: StoreTx): SQL<number> {
  return NEXT_REVISION;
}

type Stamp = 'revision' | 'createdAt' | 'updatedAt';

type Unstamped<T extends PgTable> = Omit<T['$inferInsert'], Stamp>;

/**
 * New synced rows the engine's upsert does not write (the storefront's order, a customer made by
 * an order or an opt-out, labels an import creates): inserted with their stamp (revision, created
 * and updated now), never without one. One statement for a list.
 */
export async function insertSyncedRow<T extends PgTable>(
  tx: StoreTx,
  table: T,
  values: Unstamped<T> | readonly Unstamped<T>[],
  now: Date,
): Promise<T['$inferSelect'][]> {
  const list: readonly Unstamped<T>[] = Array.isArray(values) ? values : [values];
  const stamped = list.map((v) => ({
    ...v,
    revision: nextRevision(tx),
    createdAt: now,
    updatedAt: now,
  }));
  return (await tx
    .insert(table)
    .values(stamped as T['$inferInsert'][])
    .returning()) as T['$inferSelect'][];
}

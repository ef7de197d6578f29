/**
 * A customer's labels on the server (the join table behind `labels: [labelId]`): read with the
 * customer, kept to the store's live labels, and replaced as a whole on a save.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { customerLabels, labels } from '../../db/schema';
import type { StoreTx, Tx } from '../../db/store-write';

/** The label ids a customer carries, ordered by id (as the list's and feed's SQL orders them). */
export async function readCustomerLabels(tx: Tx, customerId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: customerLabels.labelId })
    .from(customerLabels)
    .where(eq(customerLabels.customerId, customerId))
    .orderBy(asc(customerLabels.labelId));
  return rows.map((r) => r.id);
}

/**
 * The ids among `ids` that are live labels of this store, ordered by id. A label deleted on
 * another phone while this edit waited offline is dropped, not refused: the edit's name and
 * phone must not be lost to it (issue 35). An id that never was this store's (unknown, or
 * another store's) is dropped the same way: it is never linked, and answering 400 for it would
 * only tell a caller whether another store's id exists.
 */
export async function liveLabelIds(
  tx: Tx,
  storeId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.storeId, storeId), isNull(labels.deletedAt), inArray(labels.id, unique)));
  return found.map((r) => r.id).sort();
}

/** Replaces the customer's labels by the live ones among `ids`; returns them ordered by id. */
export async function writeCustomerLabels(
  tx: StoreTx,
  storeId: string,
  customerId: string,
  ids: readonly string[],
): Promise<string[]> {
  const live = await liveLabelIds(tx, storeId, ids);
  await tx.delete(customerLabels).where(eq(customerLabels.customerId, customerId));
  if (live.length > 0) {
    await tx
      .insert(customerLabels)
      .values(live.map((labelId) => ({ customerId, labelId, storeId })));
  }
  return live;
}

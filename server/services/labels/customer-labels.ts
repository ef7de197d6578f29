/**
 * A customer's labels on the server (the join table behind `labels: [labelId]`): read with the
 * customer, checked against the store's live labels, and replaced as a whole on a save.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { LABEL_UNKNOWN } from '../../../src/domain/label';
import { customerLabels, labels } from '../../db/schema';
import type { StoreTx, Tx } from '../../db/store-write';
import { ApiError } from '../../http';

/** The label ids a customer carries, ordered by id (as the list's and feed's SQL orders them). */
export async function readCustomerLabels(tx: Tx, customerId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: customerLabels.labelId })
    .from(customerLabels)
    .where(eq(customerLabels.customerId, customerId))
    .orderBy(asc(customerLabels.labelId));
  return rows.map((r) => r.id);
}

/** 400 unless every id is a live label of this store (another store's reads as unknown). */
async function assertKnown(tx: Tx, storeId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(
      and(eq(labels.storeId, storeId), isNull(labels.deletedAt), inArray(labels.id, [...ids])),
    );
  if (found.length !== new Set(ids).size) throw new ApiError(400, LABEL_UNKNOWN);
}

/** Replaces the customer's labels by `ids` (checked first); returns them ordered by id. */
export async function writeCustomerLabels(
  tx: StoreTx,
  storeId: string,
  customerId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)].sort();
  await assertKnown(tx, storeId, unique);
  await tx.delete(customerLabels).where(eq(customerLabels.customerId, customerId));
  if (unique.length > 0) {
    await tx
      .insert(customerLabels)
      .values(unique.map((labelId) => ({ customerId, labelId, storeId })));
  }
  return unique;
}

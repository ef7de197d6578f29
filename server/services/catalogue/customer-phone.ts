/**
 * One customer per phone in a store (issue 14): a create or a phone change that would reach a
 * phone another live customer of the store already has is refused with 409. Called inside the
 * mutation's transaction, which holds the store's write lock (db/store-write.ts), so two
 * devices replaying the same new phone at once cannot both pass. Deliberately no unique index:
 * duplicates saved before this rule stay as they are (a migration must not delete data).
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { duplicatePhoneMessage } from '../../../src/domain/duplicate-phone';
import { customers } from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';

/** Throws 409 when another live customer of the store (not `id`) has this phone. */
export async function assertPhoneFree(
  tx: Tx,
  storeId: string,
  phone: string,
  id: string,
): Promise<void> {
  const [other] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(
      and(
        eq(customers.storeId, storeId),
        eq(customers.phone, phone),
        isNull(customers.deletedAt),
        ne(customers.id, id),
      ),
    )
    .orderBy(customers.createdAt)
    .limit(1);
  if (other) throw new ApiError(409, duplicatePhoneMessage(other.name));
}

/** Before an update: only a changed phone is checked, so existing duplicates can still be edited. */
export async function assertPhoneChangeFree(tx: Tx, id: string, phone: string): Promise<void> {
  const [current] = await tx
    .select({ storeId: customers.storeId, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1);
  if (current && current.phone !== phone) await assertPhoneFree(tx, current.storeId, phone, id);
}

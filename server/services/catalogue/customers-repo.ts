/** Store-scoped customer writes: upsert by client id, update, repeatable tombstone delete. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApiCustomer } from '../../../src/domain/api-types';
import type { customerSchema } from '../../../src/domain/schemas';
import type { Db } from '../../db/client';
import { customers, nextRevision } from '../../db/schema';
import { ApiError } from '../../http';
import type { Outcome } from './idempotency';
import { toApiCustomer } from './serialize';
import type { Tx } from './store-lock';

export const CUSTOMER_NOT_FOUND = 'Cliente não encontrado';
export const CUSTOMER_WAS_DELETED = 'Este cliente foi excluído.';
export const CUSTOMER_GONE = 'Este cliente foi excluído. Cadastre-o novamente para recriá-lo.';

type Customer = z.output<typeof customerSchema>;
type Fields = Omit<Customer, 'id'>;
type Row = typeof customers.$inferSelect;

const sameFields = (row: Row, f: Fields) => row.name === f.name && row.phone === f.phone;

export async function listCustomers(db: Db, storeId: string): Promise<ApiCustomer[]> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.storeId, storeId), isNull(customers.deletedAt)))
    .orderBy(asc(customers.name), asc(customers.id));
  return rows.map(toApiCustomer);
}

async function findAny(tx: Tx, id: string): Promise<Row | undefined> {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

async function applyUpdate(tx: Tx, row: Row, fields: Fields, now: Date): Promise<ApiCustomer> {
  // A replay of the same change returns the record as it is: no new revision, nothing to pull.
  if (sameFields(row, fields)) return toApiCustomer(row);
  const [updated] = await tx
    .update(customers)
    .set({ ...fields, revision: nextRevision, updatedAt: now })
    .where(eq(customers.id, row.id))
    .returning();
  if (!updated) throw new ApiError(404, CUSTOMER_NOT_FOUND);
  return toApiCustomer(updated);
}

/**
 * POST: create, or replay of a create, keyed by the client's id. Another store's id is 404 (never
 * overwritten, never confirmed to exist); a deleted id is 410 so a late replay cannot silently
 * bring back what the owner removed.
 */
export async function upsertCustomer(
  tx: Tx,
  storeId: string,
  input: Customer,
  now: Date,
): Promise<Outcome> {
  const { id = randomUUID(), ...fields } = input;
  const existing = await findAny(tx, id);
  if (!existing) {
    const [created] = await tx
      .insert(customers)
      .values({ id, storeId, ...fields, revision: nextRevision, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: customers.id })
      .returning();
    // Lost a race with another store inserting the same id: theirs, so not found for us.
    if (!created) throw new ApiError(404, CUSTOMER_NOT_FOUND);
    return { status: 201, body: toApiCustomer(created) };
  }
  if (existing.storeId !== storeId) throw new ApiError(404, CUSTOMER_NOT_FOUND);
  if (existing.deletedAt) throw new ApiError(410, CUSTOMER_GONE);
  return { status: 200, body: await applyUpdate(tx, existing, fields, now) };
}

/** PUT: unknown, another store's and deleted ids are all 404. */
export async function updateCustomer(
  tx: Tx,
  storeId: string,
  id: string,
  input: Customer,
  now: Date,
): Promise<Outcome> {
  const { id: _ignored, ...fields } = input;
  const existing = await findAny(tx, id);
  if (!existing || existing.storeId !== storeId) throw new ApiError(404, CUSTOMER_NOT_FOUND);
  // Still 404 (it is gone), but the owner's list of refused changes can say why.
  if (existing.deletedAt) throw new ApiError(404, CUSTOMER_WAS_DELETED);
  return { status: 200, body: await applyUpdate(tx, existing, fields, now) };
}

/** DELETE: a tombstone with a new revision so every device hears of it; again → still 204. */
export async function deleteCustomer(
  tx: Tx,
  storeId: string,
  id: string,
  now: Date,
): Promise<Outcome> {
  const existing = await findAny(tx, id);
  if (!existing || existing.storeId !== storeId) throw new ApiError(404, CUSTOMER_NOT_FOUND);
  if (!existing.deletedAt) {
    await tx
      .update(customers)
      .set({ deletedAt: now, updatedAt: now, revision: nextRevision })
      .where(eq(customers.id, id));
  }
  return { status: 204, body: {} };
}

/** Store-scoped product writes: upsert by client id, update, repeatable tombstone delete. */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ApiProduct } from '../../../src/domain/api-types';
import type { Product } from '../../../src/domain/schemas';
import type { Db } from '../../db/client';
import { nextRevision, products } from '../../db/schema';
import { ApiError } from '../../http';
import type { Outcome } from './idempotency';
import { toApiProduct } from './serialize';
import type { Tx } from './store-lock';

export const PRODUCT_NOT_FOUND = 'Produto não encontrado';
export const PRODUCT_WAS_DELETED = 'Este produto foi excluído.';
export const PRODUCT_GONE = 'Este produto foi excluído. Cadastre-o novamente para recriá-lo.';

type Fields = Omit<Product, 'id'>;
type Row = typeof products.$inferSelect;

const sameFields = (row: Row, f: Fields) =>
  row.name === f.name &&
  row.description === f.description &&
  String(row.price) === f.price &&
  row.active === f.active;

export async function listProducts(db: Db, storeId: string): Promise<ApiProduct[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, storeId), isNull(products.deletedAt)))
    .orderBy(asc(products.name), asc(products.id));
  return rows.map(toApiProduct);
}

async function findAny(tx: Tx, id: string): Promise<Row | undefined> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

async function applyUpdate(tx: Tx, row: Row, fields: Fields, now: Date): Promise<ApiProduct> {
  // A replay of the same change returns the record as it is: no new revision, nothing to pull.
  if (sameFields(row, fields)) return toApiProduct(row);
  const [updated] = await tx
    .update(products)
    .set({ ...fields, revision: nextRevision, updatedAt: now })
    .where(eq(products.id, row.id))
    .returning();
  if (!updated) throw new ApiError(404, PRODUCT_NOT_FOUND);
  return toApiProduct(updated);
}

/**
 * POST: create, or replay of a create, keyed by the client's id. Another store's id is 404 (never
 * overwritten, never confirmed to exist); a deleted id is 410 so a late replay cannot silently
 * bring back what the owner removed.
 */
export async function upsertProduct(
  tx: Tx,
  storeId: string,
  input: Product,
  now: Date,
): Promise<Outcome> {
  const { id = randomUUID(), ...fields } = input;
  const existing = await findAny(tx, id);
  if (!existing) {
    const [created] = await tx
      .insert(products)
      .values({ id, storeId, ...fields, revision: nextRevision, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: products.id })
      .returning();
    // Lost a race with another store inserting the same id: theirs, so not found for us.
    if (!created) throw new ApiError(404, PRODUCT_NOT_FOUND);
    return { status: 201, body: toApiProduct(created) };
  }
  if (existing.storeId !== storeId) throw new ApiError(404, PRODUCT_NOT_FOUND);
  if (existing.deletedAt) throw new ApiError(410, PRODUCT_GONE);
  return { status: 200, body: await applyUpdate(tx, existing, fields, now) };
}

/** PUT: unknown, another store's and deleted ids are all 404. */
export async function updateProduct(
  tx: Tx,
  storeId: string,
  id: string,
  input: Product,
  now: Date,
): Promise<Outcome> {
  const { id: _ignored, ...fields } = input;
  const existing = await findAny(tx, id);
  if (!existing || existing.storeId !== storeId) throw new ApiError(404, PRODUCT_NOT_FOUND);
  // Still 404 (it is gone), but the owner's list of refused changes can say why.
  if (existing.deletedAt) throw new ApiError(404, PRODUCT_WAS_DELETED);
  return { status: 200, body: await applyUpdate(tx, existing, fields, now) };
}

/** DELETE: a tombstone with a new revision so every device hears of it; again → still 204. */
export async function deleteProduct(
  tx: Tx,
  storeId: string,
  id: string,
  now: Date,
): Promise<Outcome> {
  const existing = await findAny(tx, id);
  if (!existing || existing.storeId !== storeId) throw new ApiError(404, PRODUCT_NOT_FOUND);
  if (!existing.deletedAt) {
    await tx
      .update(products)
      .set({ deletedAt: now, updatedAt: now, revision: nextRevision })
      .where(eq(products.id, id));
  }
  return { status: 204, body: {} };
}

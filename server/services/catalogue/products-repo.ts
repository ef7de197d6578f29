/** Products: the table-specific queries behind the shared write rules (synced-writes.ts). */
import { eq } from 'drizzle-orm';
import type { ApiProduct, FeedProduct } from '../../../src/domain/api-types';
import type { Product } from '../../../src/domain/schemas';
import { PRODUCTS as productEntity } from '../../../src/domain/sync/entities';
import { products } from '../../db/schema';
import { nextRevision } from '../../db/store-write';
import { toApiProduct, toSyncProduct } from './serialize';
import type { SyncedTable } from './synced-writes';

type Row = typeof products.$inferSelect;

export const productTable: SyncedTable<Row, Omit<Product, 'id'>, ApiProduct, FeedProduct> = {
  async find(tx, id) {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
    return row;
  },
  async insert(tx, id, storeId, fields, now) {
    const [row] = await tx
      .insert(products)
      .values({
        id,
        storeId,
        ...fields,
        revision: nextRevision(tx),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: products.id })
      .returning();
    return row;
  },
  async update(tx, id, fields, now) {
    const [row] = await tx
      .update(products)
      .set({ ...fields, revision: nextRevision(tx), updatedAt: now })
      .where(eq(products.id, id))
      .returning();
    return row;
  },
  async tombstone(tx, id, now) {
    await tx
      .update(products)
      .set({ deletedAt: now, updatedAt: now, revision: nextRevision(tx) })
      .where(eq(products.id, id));
  },
  sameFields: (row, f) =>
    row.name === f.name &&
    row.description === f.description &&
    String(row.price) === f.price &&
    row.active === f.active,
  fieldsOf: (row) => ({
    name: row.name,
    description: row.description,
    price: String(row.price),
    active: row.active,
  }),
  toApi: toApiProduct,
  toSync: toSyncProduct,
  messages: productEntity.messages,
};

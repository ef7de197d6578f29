/** Products: the table-specific queries behind the shared write rules; the row shape is the map's. */
import { eq } from 'drizzle-orm';
import type { ApiProduct, FeedProduct } from '../../../src/domain/api-types';
import { PRODUCT_COLUMNS, type ProductFields } from '../../../src/domain/product';
import { PRODUCTS as productEntity } from '../../../src/domain/sync/entities';
import { products } from '../../db/schema';
import { nextRevision } from '../../db/store-write';
import {
  editableFields,
  type ServerRowOf,
  sameFields,
  toApiProduct,
  toSyncProduct,
} from './serialize';
import type { SyncedTable } from './synced-writes';

type Row = typeof products.$inferSelect;
// The Drizzle table has every field of the map, of its type: otherwise this does not compile.
const rowFitsMap: Row extends ServerRowOf<typeof PRODUCT_COLUMNS> ? true : false = true;
void rowFitsMap;

export const productTable: SyncedTable<Row, ProductFields, ApiProduct, FeedProduct> = {
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
  sameFields: sameFields(PRODUCT_COLUMNS),
  fieldsOf: editableFields(PRODUCT_COLUMNS),
  toApi: toApiProduct,
  toSync: toSyncProduct,
  messages: productEntity.messages,
};

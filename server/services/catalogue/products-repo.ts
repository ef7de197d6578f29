/** Products: the table-specific queries behind the shared write rules; the row shape is the map's. */
import { eq } from 'drizzle-orm';
import type { ApiProduct, FeedProduct } from '../../../src/domain/api-types';
import type { ApiPhoto } from '../../../src/domain/photo';
import { PRODUCT_COLUMNS, type ProductFields } from '../../../src/domain/product';
import { PRODUCTS as productEntity } from '../../../src/domain/sync/entities';
import { products } from '../../db/schema';
import { nextRevision } from '../../db/store-write';
import { livePhotos, type PhotoRow, photosForFeed, photosForList } from '../media/photo-rows';
import {
  editableFields,
  type ServerRowOf,
  sameFields,
  toApiProduct,
  toSyncProduct,
} from './serialize';
import type { SyncedTable } from './synced-writes';

type ProductRow = typeof products.$inferSelect;
/** The product with its live photos (a child: src/domain/photo.ts), which its rows carry. */
type Row = ProductRow & { photos: PhotoRow[] };
// The Drizzle table has every field of the map, of its type: otherwise this does not compile.
const rowFitsMap: ProductRow extends ServerRowOf<typeof PRODUCT_COLUMNS> ? true : false = true;
void rowFitsMap;

export const productTable: SyncedTable<Row, ProductFields, ApiProduct, FeedProduct> = {
  async find(tx, id) {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
    return row && { ...row, photos: await livePhotos(tx, id) };
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
    // A new product has no photo yet (they are uploaded after it, to its own path).
    return row && { ...row, photos: [] };
  },
  async update(tx, id, fields, now) {
    const [row] = await tx
      .update(products)
      .set({ ...fields, revision: nextRevision(tx), updatedAt: now })
      .where(eq(products.id, id))
      .returning();
    return row && { ...row, photos: await livePhotos(tx, id) };
  },
  async tombstone(tx, id, now) {
    await tx
      .update(products)
      .set({ deletedAt: now, updatedAt: now, revision: nextRevision(tx) })
      .where(eq(products.id, id));
  },
  sameFields: sameFields(PRODUCT_COLUMNS),
  fieldsOf: editableFields(PRODUCT_COLUMNS),
  toApi: (row) => ({ ...toApiProduct(row), photos: photosForList(row.photos) as ApiPhoto[] }),
  toSync(row) {
    const feed = toSyncProduct(row);
    return feed.deleted ? feed : { ...feed, photos: photosForFeed(row.photos) as ApiPhoto[] };
  },
  messages: productEntity.messages,
};

/**
 * Products on the server: the shared synced table over `products` and the product column map,
 * with the product's live photos (a child: src/domain/photo.ts) read with the row, so its API and
 * feed rows carry `photos`, and the owner's stock edits applied as changes (product-stock.ts).
 */
import type { ApiPhoto } from '../../../src/domain/photo';
import { PRODUCT_COLUMNS } from '../../../src/domain/product';
import type { FeedRowOf, FieldsOfMap, ListRowOf } from '../../../src/domain/sync/columns';
import { PRODUCTS } from '../../../src/domain/sync/entities';
import { products } from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { syncedTable } from '../sync/synced-table';
import type { SyncedTable } from '../sync/synced-writes';
import { livePhotos, type PhotoRow, photosForFeed, photosForList } from './photo-rows';
import { resolveProductStock } from './product-stock';

const base = syncedTable({
  table: products,
  columns: PRODUCT_COLUMNS,
  messages: PRODUCTS.messages,
});

type Map = typeof PRODUCT_COLUMNS;
type BaseRow = NonNullable<Awaited<ReturnType<typeof base.find>>>;
type Row = BaseRow & { photos: PhotoRow[] };

async function withPhotos(tx: Tx, row: BaseRow | undefined): Promise<Row | undefined> {
  return row && { ...row, photos: await livePhotos(tx, row.id) };
}

export const productTable: SyncedTable<Row, FieldsOfMap<Map>, ListRowOf<Map>, FeedRowOf<Map>> = {
  ...base,
  find: async (tx, id) => withPhotos(tx, await base.find(tx, id)),
  async insert(tx, id, storeId, fields, now) {
    const row = await base.insert(tx, id, storeId, fields, now);
    // A new product has no photo yet (they are uploaded after it, to its own path).
    return row && { ...row, photos: [] };
  },
  update: async (tx, id, fields, now) => withPhotos(tx, await base.update(tx, id, fields, now)),
  // The owner's stock edit is a change from the count it started from (product-stock.ts).
  resolve: resolveProductStock,
  toApi: (row) => ({ ...base.toApi(row), photos: photosForList(row.photos) as ApiPhoto[] }),
  toSync(row) {
    const feed = base.toSync(row);
    return feed.deleted ? feed : { ...feed, photos: photosForFeed(row.photos) as ApiPhoto[] };
  },
};

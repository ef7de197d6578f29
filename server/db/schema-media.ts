/** Drizzle schema, media: a product's photos (a synced child of products) and the stored files. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea } from './schema-campaigns';
import { products } from './schema-catalogue';
import { belongsTo, clientKey, createdAt, deletedAt } from './schema-columns';
import { storeRef } from './schema-store-columns';

/**
 * One photo of a product (src/domain/photo.ts `PRODUCT_PHOTOS`). Its id is made on the device, so
 * a replayed upload is recognised; a removed photo keeps a tombstone so a late replay of its
 * upload cannot bring it back.
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: clientKey(),
    storeId: storeRef(),
    productId: belongsTo('product_id', () => products.id),
    /** SHA-256 of the uploaded bytes (base64url): names the files, so a repeat stores nothing. */
    hash: text('hash').notNull(),
    /** The largest size's public path (`/media/<hash>-1200.webp`). */
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('product_photos_product_idx').on(t.productId, t.position),
    index('product_photos_hash_idx').on(t.hash),
  ],
);

/**
 * Media files when they live in the database (the default: every API process serves every
 * photo). Named by content (`<hash>-<width>.<ext>`), so a name's bytes never change.
 */
export const mediaFiles = pgTable('media_files', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

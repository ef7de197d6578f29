/** Drizzle schema, the catalogue: products and customers, the synced entities. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from './schema-accounts';
import { createdAt, revision, updatedAt } from './schema-columns';

export const products = pgTable(
  'products',
  {
    /** Generated on the device (crypto.randomUUID()), so a replayed create is an upsert. */
    id: uuid('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Units on the shelf, or null when the owner does not track this product's stock. */
    stock: integer('stock'),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Tombstone: deleted rows stay so the deletion reaches every device. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('products_store_revision_idx').on(t.storeId, t.revision),
    // The lists' keyset pages (services/catalogue/list-json.ts): a page is a range of this index,
    // not a sort of the whole catalogue each time.
    index('products_store_name_idx').on(t.storeId, t.name, t.id).where(sql`${t.deletedAt} IS NULL`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** National digits: DDD + number. */
    phone: text('phone').notNull(),
    /** LGPD opt-out: excluded from every campaign while set. */
    optedOut: boolean('opted_out').notNull().default(false),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('customers_store_revision_idx').on(t.storeId, t.revision),
    index('customers_store_phone_idx').on(t.storeId, t.phone),
    index('customers_store_name_idx')
      .on(t.storeId, t.name, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

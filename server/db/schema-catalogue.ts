/** Drizzle schema, the catalogue: products and customers, the synced entities. */
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, clientKey, money } from './schema-columns';
import { nameIndex, revisionIndex, syncedColumns } from './schema-store-columns';

export const products = pgTable(
  'products',
  {
    id: clientKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull(),
    active: boolean('active').notNull().default(true),
    /** Units on the shelf, or null when the owner does not track this product's stock. */
    stock: integer('stock'),
    ...syncedColumns(),
  },
  (t) => [revisionIndex('products', t), nameIndex('products', t)],
);

export const customers = pgTable(
  'customers',
  {
    id: clientKey(),
    name: text('name').notNull(),
    /** National digits: DDD + number. */
    phone: text('phone').notNull(),
    /** LGPD opt-out: excluded from every campaign while set. */
    optedOut: boolean('opted_out').notNull().default(false),
    optedOutAt: at('opted_out_at'),
    ...syncedColumns(),
  },
  (t) => [
    revisionIndex('customers', t),
    index('customers_store_phone_idx').on(t.storeId, t.phone),
    nameIndex('customers', t),
  ],
);

/** Drizzle schema, the catalogue: products and customers, the synced entities. */
import { sql } from 'drizzle-orm';
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
    /**
     * When the customer's data was erased at their request (LGPD art. 18 VI): the row stays as a
     * tombstone without name or phone, so a late edit from an offline phone is refused with its
     * own message and the customer never comes back (services/privacy/erase-customer.ts).
     */
    erasedAt: at('erased_at'),
    /**
     * The number a campaign is sent to once (services/campaigns/audience.ts): a mobile stored
     * without its ninth digit gets it. Written by the database, read by the audience count.
     */
    phoneKey: text('phone_key').generatedAlwaysAs(
      sql`case when length(phone) = 10 and substr(phone, 3, 1) in ('6','7','8','9')
        then substr(phone, 1, 2) || '9' || substr(phone, 3) else phone end`,
    ),
    ...syncedColumns(),
  },
  (t) => [
    revisionIndex('customers', t),
    index('customers_store_phone_idx').on(t.storeId, t.phone),
    // The audience count reads only this index (an index-only scan, in phone order: no hash of
    // the store's customers, no CASE per row).
    index('customers_store_phone_key_idx')
      .on(t.storeId, t.phoneKey, t.optedOut, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    nameIndex('customers', t),
  ],
);

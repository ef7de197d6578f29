/** Drizzle schema, the catalogue: products and customers, the synced entities. */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, clientKey, money } from './schema-columns';
import { syncedColumns } from './schema-store-columns';

export const products = pgTable(
  'products',
  {
    id: clientKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull(),
    active: boolean('active').notNull().default(true),
    ...syncedColumns(),
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
    index('customers_store_revision_idx').on(t.storeId, t.revision),
    index('customers_store_phone_idx').on(t.storeId, t.phone),
    index('customers_store_name_idx')
      .on(t.storeId, t.name, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

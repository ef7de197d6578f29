/**
 * Drizzle schema, the columns of a store's rows: the reference to the store, and the set every
 * synced table has (docs/decisions/009). Apart from schema-columns.ts because it needs `stores`.
 */
import { uuid } from 'drizzle-orm/pg-core';
import { stores } from './schema-accounts';
import { createdAt, deletedAt, revision, updatedAt } from './schema-columns';

/** The row's store; deleting the store deletes its rows. */
export const storeRef = () =>
  uuid('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });

/**
 * What every synced table has after its own columns (server/services/catalogue/synced-table.ts
 * writes them): the store, the sync revision, timestamps and the tombstone.
 */
export const syncedColumns = () => ({
  storeId: storeRef(),
  revision: revision(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
});

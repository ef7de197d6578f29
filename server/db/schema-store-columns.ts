/**
 * Drizzle schema, the columns of a store's rows: the reference to the store, the set every
 * synced table has (docs/decisions/009) and its indexes. Apart from schema-columns.ts because it
 * needs `stores`.
 */
import { sql } from 'drizzle-orm';
import { type ExtraConfigColumn, index } from 'drizzle-orm/pg-core';
import { stores } from './schema-accounts';
import { belongsTo, createdAt, deletedAt, revision, updatedAt, uuidKey } from './schema-columns';

/** The row's store; deleting the store deletes its rows. */
export const storeRef = () => belongsTo('store_id', () => stores.id);

/** A row of a store with a key the database draws: its id and its store, first. */
export const storeOwned = () => ({ id: uuidKey(), storeId: storeRef() });

/**
 * What every synced table has after its own columns (server/services/sync/synced-table.ts
 * writes them): the store, the sync revision, timestamps and the tombstone.
 */
export const syncedColumns = () => ({
  storeId: storeRef(),
  revision: revision(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
});

type Columns = Record<'id' | 'storeId' | 'revision' | 'deletedAt', ExtraConfigColumn>;

/** The delta feed (services/registry/sync-feed.ts) reads a store's rows of a table by revision. */
export const revisionIndex = (table: string, t: Columns) =>
  index(`${table}_store_revision_idx`).on(t.storeId, t.revision);

/**
 * The lists' keyset pages (services/sync/list-json.ts): a page is a range of this index
 * (a store's live rows by name, then id), not a sort of the whole table each time.
 */
export const nameIndex = (table: string, t: Columns & { name: ExtraConfigColumn }) =>
  index(`${table}_store_name_idx`).on(t.storeId, t.name, t.id).where(sql`${t.deletedAt} IS NULL`);

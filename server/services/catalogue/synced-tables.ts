/**
 * Each synced entity of the registry (src/domain/sync/registry.ts) → its table on the server.
 * Keyed by kind, so an entity added to the registry without its table here does not compile.
 */
import type { EntityKind } from '../../../src/domain/sync/entities';
import type { ApiSyncedRow } from '../../../src/domain/sync/rows';
import { labelTable } from '../labels/labels-repo';
import { orderTable } from '../orders/orders-repo';
import { customerTable } from './customers-repo';
import { productTable } from './products-repo';
import type { SyncedRow, SyncedTable } from './synced-writes';

/** Any entity's table, as the generic code (mutation table, feed, one-row read) handles it. */
export type AnySyncedTable = SyncedTable<SyncedRow & { revision: number }, object, ApiSyncedRow>;

export const SERVER_TABLES: { readonly [K in EntityKind]: AnySyncedTable } = {
  product: productTable,
  label: labelTable,
  customer: customerTable,
  order: orderTable,
};

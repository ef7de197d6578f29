/**
 * Each synced entity of the registry (src/domain/sync/registry.ts) → its server side: its table
 * and, when it has any, its own operations. Keyed by kind, so an entity added to the registry
 * without its entry here does not compile, nor one whose descriptor lists an extra POST
 * (`extraPosts`) without its handler. The mutation table (mutations.ts), the delta feed and the
 * one-row read are derived from this list: it is the one server file an entity adds a line to.
 */
import type { EntityKind, EntityOf } from '../../../src/domain/sync/registry';
import type { ApiSyncedRow } from '../../../src/domain/sync/rows';
import { importCsvMutation } from '../catalogue/csv-import-route';
import { importCustomersMutation } from '../catalogue/customer-import-route';
import { customerTable } from '../catalogue/customers-repo';
import { productTable } from '../catalogue/products-repo';
import { conversationMutations, conversationTable } from '../conversations/conversations-repo';
import { labelTable } from '../labels/labels-repo';
import { orderMutations } from '../orders/order-mutations';
import { orderTable } from '../orders/orders-repo';
import type { Crud, Handler } from '../sync/mutation-context';
import type { SyncedRow, SyncedTable } from '../sync/synced-writes';

/** Any entity's table, as the generic code (mutation table, feed, one-row read) handles it. */
export type AnySyncedTable = SyncedTable<SyncedRow & { revision: number }, object, ApiSyncedRow>;

/** An extra POST's operation: its path under the entity ('/import-csv' → 'import-csv'). */
type NameOf<Path> = Path extends `/${infer Name}` ? Name : never;
export type ExtraOperation<K extends EntityKind> = NameOf<EntityOf<K>['extraPosts'][number]>;

/**
 * The entity's operations beyond (or instead of) the shared create/update/delete, given those:
 * each extra POST's handler, and any of the three it replaces or refuses (orders: 405 on create).
 */
type Operations<K extends EntityKind> = (
  crud: Crud,
) => Partial<Crud> & Record<ExtraOperation<K>, Handler>;

/** One entity on the server; `operations` is required exactly when it has extra POSTs. */
export type ServerEntity<K extends EntityKind> = { readonly table: AnySyncedTable } & ([
  ExtraOperation<K>,
] extends [never]
  ? { readonly operations?: Operations<K> }
  : { readonly operations: Operations<K> });

export const SERVER_ENTITIES: { readonly [K in EntityKind]: ServerEntity<K> } = {
  product: { table: productTable, operations: () => ({ 'import-csv': importCsvMutation }) },
  label: { table: labelTable },
  customer: { table: customerTable, operations: () => ({ import: importCustomersMutation }) },
  order: { table: orderTable, operations: orderMutations },
  conversation: { table: conversationTable, operations: conversationMutations },
};

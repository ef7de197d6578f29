/**
 * `syncedTable(...)`: an entity's server table (find, insert, update, tombstone, serializers) made
 * from its Drizzle table and its column map, so every synced entity writes the same way.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  ColumnMap,
  FeedRowOf,
  FieldsOfMap,
  ListRowOf,
} from '../../../src/domain/sync/columns';
import type { ApiSyncedRow, SyncRow } from '../../../src/domain/sync/rows';
import type { StoreTx } from '../../db/store-write';
import { nextRevision } from './revision';
import {
  apiSerializer,
  editableFields,
  feedSerializer,
  type ServerRowOf,
  sameFields,
} from './serialize';
import type { SyncedRow, SyncedTable } from './synced-writes';

/** A Drizzle table with the columns every synced table has (schema-columns.ts `syncedColumns`). */
export type SyncedPgTable = PgTable & {
  id: PgColumn;
  storeId: PgColumn;
  revision: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  deletedAt: PgColumn;
};

/**
 * Rules of one entity beyond the shared ones, run inside the write's transaction (a throw rolls
 * the write back with it). Example: a customer's phone must be free in the store.
 */
export type WriteChecks<Fields> = {
  /** After an insert that really created the row (not a replay, not another store's id). */
  afterInsert?(tx: StoreTx, storeId: string, fields: Fields, id: string): Promise<void>;
  /** Before an update that changes the row. */
  beforeUpdate?(tx: StoreTx, id: string, fields: Fields): Promise<void>;
};

type Messages = { notFound: string; wasDeleted: string; gone: string };

/**
 * The table's row must carry every field of the map with its type; otherwise the `table`
 * argument does not compile (its type names the mismatch).
 */
type FitsMap<T extends SyncedPgTable, M> =
  T['$inferSelect'] extends ServerRowOf<M>
    ? T
    : { error: 'the Drizzle table lacks a field of the column map, or has it of another type' };

/** A row of the entity's table, as the shared write rules handle it. */
export type SyncedRowOf<T extends SyncedPgTable, M> = T['$inferSelect'] &
  ServerRowOf<M> &
  SyncedRow;

export type SyncedTableSpec<T extends SyncedPgTable, M extends ColumnMap> = {
  table: T & FitsMap<T, M>;
  columns: M;
  /** The registry descriptor's API messages (src/domain/sync/entities.ts). */
  messages: Messages;
  checks?: WriteChecks<FieldsOfMap<M>>;
  /** Replaces the map's serializers, e.g. to add a child entity's array (childrenSerializer). */
  toApi?(row: T['$inferSelect']): ListRowOf<M>;
  toSync?(row: T['$inferSelect']): SyncRow<FeedRowOf<M> & ApiSyncedRow> & { revision: number };
};

/**
 * The server side of one registered entity. The row shape is the column map's; the queries are
 * the same for every entity: an insert that keeps a taken id (ON CONFLICT DO NOTHING), updates
 * and tombstones that draw a new revision (only inside `writeStore`, which holds the store lock).
 */
export function syncedTable<T extends SyncedPgTable, M extends ColumnMap>(
  spec: SyncedTableSpec<T, M>,
): SyncedTable<SyncedRowOf<T, M>, FieldsOfMap<M>, ListRowOf<M>, FeedRowOf<M>> {
  type Row = SyncedRowOf<T, M>;
  const table: SyncedPgTable = spec.table;
  const { checks = {} } = spec;
  // Drizzle cannot type a query over a table it only knows by its shared columns: the rows it
  // answers are this table's rows, and the values written are the map's fields plus those columns.
  const first = (rows: unknown[]) => rows[0] as Row | undefined;
  return {
    async find(tx, id) {
      return first(await tx.select().from(table).where(eq(table.id, id)).limit(1));
    },
    async insert(tx, id, storeId, fields, now) {
      const values = {
        id,
        storeId,
        ...fields,
        revision: nextRevision(tx),
        createdAt: now,
        updatedAt: now,
      };
      const row = first(
        await tx
          .insert(table)
          .values(values as T['$inferInsert'])
          .onConflictDoNothing({ target: table.id })
          .returning(),
      );
      // Checked once the row is really new (a replay or another store's id keeps its answer);
      // a throw rolls the insert back with the mutation's transaction or savepoint.
      if (row && checks.afterInsert) await checks.afterInsert(tx, storeId, fields, id);
      return row;
    },
    async update(tx, id, fields, now) {
      if (checks.beforeUpdate) await checks.beforeUpdate(tx, id, fields);
      const values = { ...fields, revision: nextRevision(tx), updatedAt: now };
      return first(
        await tx
          .update(table)
          .set(values as Partial<T['$inferInsert']>)
          .where(eq(table.id, id))
          .returning(),
      );
    },
    async tombstone(tx, id, now) {
      const values = { deletedAt: now, updatedAt: now, revision: nextRevision(tx) };
      await tx
        .update(table)
        .set(values as Partial<T['$inferInsert']>)
        .where(eq(table.id, id));
    },
    sameFields: sameFields(spec.columns),
    fieldsOf: editableFields(spec.columns),
    toApi: spec.toApi ?? apiSerializer(spec.columns),
    toSync: spec.toSync ?? feedSerializer(spec.columns),
    messages: spec.messages,
  };
}

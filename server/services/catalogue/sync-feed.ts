/**
 * The delta feed behind GET /api/sync (rows of one store changed after a revision cursor), and
 * one row of it by id (GET /api/sync/<table>/<id>), for every synced entity of the registry.
 */
import {
  type AnySyncedEntity,
  entityByTable,
  SYNCED_ENTITIES,
} from '../../../src/domain/sync/registry';
import type { ApiSyncedRow, SyncRow } from '../../../src/domain/sync/rows';
import type { SyncResponse } from '../../../src/domain/sync/wire';
import type { Db } from '../../db/client';
import { isUuid } from './serialize';
import { SERVER_TABLES } from './synced-tables';

export const SYNC_PAGE_SIZE = 1000;

type Change = { entity: AnySyncedEntity; revision: number; row: SyncRow<ApiSyncedRow> };

/**
 * Every synced table's rows (tombstones included) with revision > since, at most `limit` rows in
 * total, in revision order across the tables. Reading limit+1 of each table is enough to know
 * the first `limit` of the merge and whether more remain.
 */
export async function readChanges(
  db: Db,
  storeId: string,
  since: number,
  limit = SYNC_PAGE_SIZE,
): Promise<SyncResponse> {
  // One snapshot for every table, so a page is a consistent picture of the store.
  const merged: Change[] = await db.transaction(
    async (tx) => {
      const changes: Change[] = [];
      for (const entity of SYNCED_ENTITIES) {
        const table = SERVER_TABLES[entity.kind];
        for (const row of await table.changedSince(tx, storeId, since, limit + 1)) {
          changes.push({ entity, revision: row.revision, row: table.toSync(row) });
        }
      }
      return changes;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  merged.sort((a, b) => a.revision - b.revision);
  const page = merged.slice(0, limit);
  const lists = Object.fromEntries(
    SYNCED_ENTITIES.map((e) => [e.table, [] as SyncRow<ApiSyncedRow>[]]),
  );
  for (const change of page) lists[change.entity.table]?.push(change.row);
  return {
    ...lists,
    cursor: String(page.at(-1)?.revision ?? since),
    hasMore: merged.length > limit,
  } as SyncResponse;
}

/**
 * One row of the store as the feed carries it (live or tombstone), or null: unknown table,
 * malformed id, no such row, or another store's (never confirmed to exist).
 */
export async function readSyncRow(
  db: Db,
  storeId: string,
  tableName: string,
  id: string,
): Promise<{ row: SyncRow<ApiSyncedRow> } | { notFound: string }> {
  const entity = entityByTable(tableName);
  if (!entity) return { notFound: 'Rota não encontrada' };
  const { notFound } = entity.messages;
  if (!isUuid(id)) return { notFound };
  const table = SERVER_TABLES[entity.kind];
  const row = await db.transaction((tx) => table.find(tx, id.toLowerCase()), {
    accessMode: 'read only',
  });
  if (!row || row.storeId !== storeId) return { notFound };
  return { row: table.toSync(row) };
}

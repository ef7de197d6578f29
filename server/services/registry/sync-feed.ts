/**
 * The delta feed behind GET /api/sync (rows of one store changed after a revision cursor), and
 * one row of it by id (GET /api/sync/<table>/<id>), for every synced entity of the registry.
 */
import { type SQL, sql } from 'drizzle-orm';
import { descriptorOf, type EntityKind } from '../../../src/domain/sync/entities';
import { entityByTable, SYNCED_ENTITIES } from '../../../src/domain/sync/registry';
import type { ApiSyncedRow, SyncRow } from '../../../src/domain/sync/rows';
import { SYNC_DEFAULT_PAGE } from '../../../src/domain/sync/wire';
import type { Db } from '../../db/client';
import { feedObjectSql, isUuid } from '../sync/serialize';
import { SERVER_ENTITIES } from './synced-tables';

/** Each entity's feed row as SQL, derived from its column map once, at start-up. */
const FEED_OBJECT = new Map(
  SYNCED_ENTITIES.map((e) => [
    e.kind,
    feedObjectSql(e.columns, { children: e.children, parentRef: e.table }),
  ]),
);

const feedObject = (kind: EntityKind) => sql.raw(FEED_OBJECT.get(kind) ?? '');

const feedTable = (kind: EntityKind) => sql.raw(descriptorOf(kind).table);

/**
 * GET /api/sync's answer as JSON text (the shape of SyncResponse): every synced table's rows
 * (tombstones included) with revision > since, at most `limit` rows in total, in revision order
 * across the tables.
 *
 * One statement, so one consistent snapshot of the store. Revisions come from one sequence, so
 * they are unique across tables: the `limit` smallest revisions above `since` (reading limit+1
 * of each table is enough to find them, and whether more remain) give the page's upper bound,
 * and each table's rows up to it are written as JSON by the database. On the embedded database
 * this spares decoding every row and field in JavaScript and serialising them again, on the
 * one thread that serves every store.
 */
export async function readChangesJson(
  db: Db,
  storeId: string,
  since: number,
  limit = SYNC_DEFAULT_PAGE,
): Promise<{ json: string; cursor: string; hasMore: boolean }> {
  const kinds = SYNCED_ENTITIES.map((e) => e.kind);
  const head = (kind: EntityKind): SQL =>
    sql`(SELECT revision FROM ${feedTable(kind)}
      WHERE store_id = ${storeId}::uuid AND revision > ${since}
      ORDER BY revision LIMIT ${limit + 1})`;
  const list = (kind: EntityKind): SQL =>
    sql`(SELECT coalesce(json_agg(obj ORDER BY revision), '[]'::json)::text FROM (
      SELECT revision, ${feedObject(kind)} AS obj FROM ${feedTable(kind)}
      WHERE store_id = ${storeId}::uuid AND revision > ${since}
        AND revision <= (SELECT upper FROM bound)
    ) AS rows) AS ${feedTable(kind)}`;
  const result = await db.execute(sql`
    WITH head AS (
      SELECT revision FROM (${sql.join(kinds.map(head), sql` UNION ALL `)}) AS merged
      ORDER BY revision LIMIT ${limit + 1}
    ), bound AS (
      SELECT (SELECT max(revision) FROM (
                SELECT revision FROM head ORDER BY revision LIMIT ${limit}) AS page) AS upper,
             (SELECT count(*) FROM head) > ${limit} AS has_more
    )
    SELECT ${sql.join(kinds.map(list), sql`, `)},
      (SELECT upper::text FROM bound) AS cursor,
      (SELECT has_more FROM bound) AS has_more`);
  const row = (result as unknown as { rows: Array<Record<string, unknown>> }).rows[0] ?? {};
  const lists = SYNCED_ENTITIES.map((e) => `${JSON.stringify(e.table)}:${row[e.table] ?? '[]'}`);
  const cursor = typeof row.cursor === 'string' ? row.cursor : String(since);
  const hasMore = row.has_more === true;
  const json = `{${lists.join(',')},"cursor":${JSON.stringify(cursor)},"hasMore":${hasMore}}`;
  return { json, cursor, hasMore };
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
  const { table } = SERVER_ENTITIES[entity.kind];
  const row = await db.transaction((tx) => table.find(tx, id.toLowerCase()), {
    accessMode: 'read only',
  });
  if (!row || row.storeId !== storeId) return { notFound };
  return { row: table.toSync(row) };
}

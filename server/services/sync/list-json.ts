/**
 * GET /api/products and /api/customers as JSON text built by the database, read in keyset pages.
 *
 * Why: on the embedded database every row and field decoded in JavaScript costs time on the one
 * thread that serves every store (PGlite runs in-process). Letting PostgreSQL/PGlite write each
 * page as one JSON string removes that decoding and the JSON.stringify after it, and reading a
 * big catalogue in pages lets other stores' requests run between two pages instead of waiting
 * for one huge query. The rows are the column maps' API rows (serialize.ts: `jsonObjectSql`).
 */
import { gzipSync } from 'node:zlib';
import { type SQL, sql } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import type { EntityTableName } from '../../../src/domain/sync/entities';
import { SYNCED_ENTITIES } from '../../../src/domain/sync/registry';
import { type Db, runsInProcess } from '../../db/client';
import { jsonObjectSql } from './serialize';

/** Rows per page read from the database; small enough that one page is a few milliseconds. */
export const LIST_PAGE_ROWS = 1000;
/**
 * Rows per page after the first of a streamed (big) list: on PGlite another store's request may
 * wait for one such read (~40 ms), so they are shorter than the first.
 */
export const STREAM_PAGE_ROWS = 500;

/** A synced entity's list, by its table name (GET /api/products, /api/customers). */
export type ListKind = EntityTableName;

/** The JSON object of one row, derived from each entity's column map (the API row). */
const OBJECT = new Map(
  SYNCED_ENTITIES.map((e) => [
    e.table,
    // `page` is the page's subquery in readPage: the children's subqueries refer to its rows.
    jsonObjectSql(e.columns, 'list', { children: e.children, parentRef: 'page' }),
  ]),
);

type Cursor = { name: string; id: string } | null;
/** A page as the inside of a JSON array, its row count, snapshot, and last row's sort key. */
type Page = { body: string; count: number; snapshot: string; last: Cursor };

function pageRows(
  kind: ListKind,
  storeId: string,
  after: Cursor,
  limit: number,
  offset: number,
): SQL {
  const keyset = after ? sql`AND (name, id) > (${after.name}, ${after.id}::uuid)` : sql``;
  return sql`SELECT * FROM ${sql.raw(kind)}
    WHERE store_id = ${storeId}::uuid AND deleted_at IS NULL ${keyset}
    ORDER BY name, id LIMIT ${limit} OFFSET ${offset}`;
}

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows: Array<Record<string, unknown>> }).rows;
}

/** A page as the inside of a JSON array (no brackets), written by the database. */
async function readPage(
  db: Db,
  kind: ListKind,
  storeId: string,
  after: Cursor,
  limit: number,
  offset = 0,
): Promise<Page> {
  const result = await db.execute(sql`
    SELECT coalesce(json_agg(${sql.raw(OBJECT.get(kind) ?? '')} ORDER BY name, id)::text, '[]') AS body,
           count(*)::int AS count, pg_current_snapshot()::text AS snapshot,
           (array_agg(name ORDER BY name DESC, id DESC))[1] AS last_name,
           (array_agg(id::text ORDER BY name DESC, id DESC))[1] AS last_id
    FROM (${pageRows(kind, storeId, after, limit, offset)}) AS page`);
  const row = rowsOf(result)[0] ?? {};
  return {
    body: String(row.body ?? '[]').slice(1, -1),
    count: Number(row.count ?? 0),
    snapshot: String(row.snapshot),
    last: row.last_id ? { name: String(row.last_name), id: String(row.last_id) } : null,
  };
}

/**
 * On a database in the server's thread (PGlite), the pages of big lists after their first are
 * read one at a time, whoever asked: three 100,000-product lists then hold another store's query
 * for at most one page's read, not three. On PostgreSQL each list reads on its own connection.
 */
const bulkTurns = new WeakMap<Db, LimitFunction>();

/**
 * Each bulk read first lets the event loop take in other requests. Without that a list runs as
 * one chain of promise callbacks (the database answers and a loopback socket accepts at once)
 * and no other request is even read until its last page has gone: on PGlite one waited 30–40 s
 * behind three 100,000-product lists.
 */
const nextTurnOfTheLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function bulkRead<T>(db: Db, read: () => Promise<T>): Promise<T> {
  if (!runsInProcess(db)) return nextTurnOfTheLoop().then(read);
  let turn = bulkTurns.get(db);
  if (!turn) {
    turn = pLimit(1);
    bulkTurns.set(db, turn);
  }
  return turn(() => nextTurnOfTheLoop().then(read));
}

/** One page of the list (`?limit&offset`), as JSON array text. */
export async function listPageJson(
  db: Db,
  kind: ListKind,
  storeId: string,
  limit: number,
  offset: number,
): Promise<string> {
  const page = await readPage(db, kind, storeId, null, limit, offset);
  return `[${page.body}]`;
}

/** A whole list that fit one page, and the snapshot it was read under. */
type Remembered = { snapshot: string; list: WholeList };

/**
 * A list that fit one page: its UTF-8 bytes (the socket write copies them as they are, no
 * encoding per request), and their gzip made on first request and kept with them. Compressed here, in one synchronous call, rather than by the compress middleware's stream: a
 * stream takes several turns of the event loop, and on PGlite each turn may carry another list's
 * page read, so a small answer waited for several of them.
 */
export class WholeList {
  #gzip: Uint8Array<ArrayBuffer> | undefined;
  constructor(readonly bytes: Uint8Array<ArrayBuffer>) {}
  get gzip(): Uint8Array<ArrayBuffer> {
    this.#gzip ??= new Uint8Array(gzipSync(this.bytes));
    return this.#gzip;
  }
}

/** Lists above this size are read again each time (a whole page of 1,000 rows is ~300 KB). */
export const REMEMBER_MAX_BYTES = 512 * 1024;
/** Per database, at most this many lists (stores × kinds) are remembered; the oldest go first. */
export const REMEMBER_MAX_LISTS = 256;

/**
 * The last answer of each store's whole list, keyed by the MVCC snapshot it was read under.
 *
 * Not a cache that can go stale: an answer is reused only when the caller's session query (same
 * request, see findSession) read the very same snapshot, i.e. no transaction has committed or
 * aborted a write anywhere in the database since the list was read, so reading it again would
 * give the same bytes. Any write (this process, a job, another process on PostgreSQL) changes the
 * snapshot and the list is read again. Keyed by database and store: never shared across stores.
 */
const remembered = new WeakMap<Db, Map<string, Remembered>>();

function rememberedLists(db: Db): Map<string, Remembered> {
  let lists = remembered.get(db);
  if (!lists) {
    lists = new Map();
    remembered.set(db, lists);
  }
  return lists;
}

/** The whole list as JSON text, unchanged since `snapshot`, or null (see `remembered`). */
function recall(db: Db, key: string, snapshot: string | undefined): WholeList | null {
  const entry = rememberedLists(db).get(key);
  return entry && snapshot && entry.snapshot === snapshot ? entry.list : null;
}

function remember(db: Db, key: string, entry: Remembered): void {
  const lists = rememberedLists(db);
  lists.delete(key);
  if (entry.list.bytes.byteLength > REMEMBER_MAX_BYTES) return;
  lists.set(key, entry);
  if (lists.size > REMEMBER_MAX_LISTS) lists.delete(lists.keys().next().value as string);
}

/**
 * The whole list as JSON array text, read page by page. A list that fits one page is answered
 * as one string; a bigger one is streamed, so the first bytes leave early and no single query
 * holds the database for the whole catalogue.
 */
export async function listAllJson(
  db: Db,
  kind: ListKind,
  storeId: string,
  snapshot?: string,
): Promise<WholeList | ReadableStream<Uint8Array>> {
  const key = `${kind}:${storeId}`;
  const unchanged = recall(db, key, snapshot);
  if (unchanged !== null) return unchanged;
  const first = await readPage(db, kind, storeId, null, LIST_PAGE_ROWS);
  if (first.count < LIST_PAGE_ROWS) {
    const list = new WholeList(new TextEncoder().encode(`[${first.body}]`));
    remember(db, key, { snapshot: first.snapshot, list });
    return list;
  }
  const encoder = new TextEncoder();
  let cursor = first.last;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`[${first.body}`));
        return;
      }
      if (!cursor) {
        controller.enqueue(encoder.encode(']'));
        controller.close();
        return;
      }
      const after = cursor;
      const page = await bulkRead(db, () => readPage(db, kind, storeId, after, STREAM_PAGE_ROWS));
      if (page.count === 0) {
        // Every pull must enqueue or close: a pull that does neither is not called again, and
        // the answer never ends (a catalogue of exactly 2,000, 3,000… rows behind gzip).
        controller.enqueue(encoder.encode(']'));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`,${page.body}`));
      cursor = page.count === STREAM_PAGE_ROWS ? page.last : null;
    },
  });
}

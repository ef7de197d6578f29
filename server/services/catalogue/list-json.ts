/**
 * GET /api/products and /api/customers as JSON text built by the database, read in keyset pages.
 *
 * Why: on the embedded database every row and field decoded in JavaScript costs time on the one
 * thread that serves every store (PGlite runs in-process). Letting PostgreSQL/PGlite write each
 * page as one JSON string removes that decoding and the JSON.stringify after it, and reading a
 * big catalogue in pages lets other stores' requests run between two pages instead of waiting
 * for one huge query. The shapes are exactly `toApiProduct` / `toApiCustomer`.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ApiError } from '../../http';
import type { AppEnv } from '../../types';

/** Rows per page read from the database; small enough that one page is a few milliseconds. */
export const LIST_PAGE_ROWS = 1000;

export type ListKind = 'products' | 'customers';

const iso = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The JSON object of one row, field for field the API shape (src/domain/api-types.ts). */
const OBJECT: Record<ListKind, string> = {
  products: `json_build_object('id', id, 'name', name, 'description', description,
    'price', price::text, 'active', active, 'revision', revision,
    'createdAt', ${iso('created_at')}, 'updatedAt', ${iso('updated_at')})`,
  customers: `json_build_object('id', id, 'name', name, 'phone', phone, 'optedOut', opted_out,
    'revision', revision, 'createdAt', ${iso('created_at')}, 'updatedAt', ${iso('updated_at')})`,
};

type Page = { body: string; count: number; snapshot: string };
type Cursor = { name: string; id: string } | null;

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
    SELECT coalesce(json_agg(${sql.raw(OBJECT[kind])} ORDER BY name, id)::text, '[]') AS body,
           count(*)::int AS count, pg_current_snapshot()::text AS snapshot
    FROM (${pageRows(kind, storeId, after, limit, offset)}) AS page`);
  const row = rowsOf(result)[0] ?? {};
  return {
    body: String(row.body ?? '[]').slice(1, -1),
    count: Number(row.count ?? 0),
    snapshot: String(row.snapshot),
  };
}

/** Where the page after `after` ends: its last row's sort key (only asked for full pages). */
async function pageEnd(
  db: Db,
  kind: ListKind,
  storeId: string,
  after: Cursor,
  limit: number,
): Promise<Cursor> {
  const result = await db.execute(sql`
    SELECT name, id::text AS id FROM (${pageRows(kind, storeId, after, limit, 0)}) AS page
    ORDER BY name DESC, id DESC LIMIT 1`);
  const row = rowsOf(result)[0];
  return row ? { name: String(row.name), id: String(row.id) } : null;
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

/**
 * A whole list that fit one page, and the snapshot it was read under. Kept as UTF-8 bytes: the
 * socket write then copies them as they are instead of encoding the text again per request.
 */
type Remembered = { snapshot: string; body: Uint8Array<ArrayBuffer> };

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
function recall(db: Db, key: string, snapshot: string | undefined): Uint8Array<ArrayBuffer> | null {
  const entry = rememberedLists(db).get(key);
  return entry && snapshot && entry.snapshot === snapshot ? entry.body : null;
}

function remember(db: Db, key: string, entry: Remembered): void {
  const lists = rememberedLists(db);
  lists.delete(key);
  if (entry.body.byteLength > REMEMBER_MAX_BYTES) return;
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
): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>> {
  const key = `${kind}:${storeId}`;
  const unchanged = recall(db, key, snapshot);
  if (unchanged !== null) return unchanged;
  const first = await readPage(db, kind, storeId, null, LIST_PAGE_ROWS);
  if (first.count < LIST_PAGE_ROWS) {
    const body = new TextEncoder().encode(`[${first.body}]`);
    remember(db, key, { snapshot: first.snapshot, body });
    return body;
  }
  const encoder = new TextEncoder();
  let cursor = await pageEnd(db, kind, storeId, null, LIST_PAGE_ROWS);
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
      const page = await readPage(db, kind, storeId, cursor, LIST_PAGE_ROWS);
      if (page.count === 0) {
        // Every pull must enqueue or close: a pull that does neither is not called again, and
        // the answer never ends (a catalogue of exactly 2,000, 3,000… rows behind gzip).
        controller.enqueue(encoder.encode(']'));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(`,${page.body}`));
      cursor =
        page.count === LIST_PAGE_ROWS
          ? await pageEnd(db, kind, storeId, cursor, LIST_PAGE_ROWS)
          : null;
    },
  });
}

const LIST_QUERY_INVALID =
  'Parâmetros de paginação inválidos: use limit entre 1 e 1000 e offset a partir de 0';

/** Answers GET /api/<kind>: the whole list, or one page with `?limit=&offset=` (same array shape). */
export async function answerList(c: Context<AppEnv>, kind: ListKind): Promise<Response> {
  const { limit, offset } = c.req.query();
  const headers = { 'content-type': 'application/json; charset=UTF-8' };
  if (limit === undefined && offset === undefined) {
    return c.body(
      await listAllJson(c.var.deps.db, kind, c.var.storeId, c.var.snapshot),
      200,
      headers,
    );
  }
  const page = pageQuery.safeParse({ limit: limit ?? '1000', offset: offset ?? '0' });
  if (!page.success) throw new ApiError(400, LIST_QUERY_INVALID);
  return c.body(
    await listPageJson(c.var.deps.db, kind, c.var.storeId, page.data.limit, page.data.offset),
    200,
    headers,
  );
}

const pageQuery = z.object({
  limit: z
    .string()
    .regex(/^\d{1,4}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000)),
  offset: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

/**
 * Pull: GET /api/sync?since=<cursor>&limit=<rows> until hasMore is false, applying each page in
 * one Dexie transaction. A row with a pending local edit (or an unconfirmed local delete) is never
 * overwritten; tombstones delete; the cursor in db.meta advances only with an applied page.
 *
 * A first pull (cursor "0") asks a small first page, so a new phone shows products early, then
 * pages of SYNC_MAX_PAGE; the next page is already on its way while one is written to Dexie.
 */

import { type AnySyncedEntity, type EntityKind, SYNCED_ENTITIES } from '~/domain/sync/registry';
import {
  type ApiSyncedRow,
  isTombstone,
  type LocalSyncedRow,
  type SyncRow,
} from '~/domain/sync/rows';
import { SYNC_MAX_PAGE, type SyncResponse } from '~/domain/sync/wire';
import { errorFromResponse } from '~/lib/api';
import { anySyncedTable, syncedTables, type TaliDb } from './db';
import { localDeleteKey, locallyDeleted } from './local-deletes';
import { type DeviceContext, deviceContext, requestHeaders } from './transport';
import { firstReadsSettled, holdSnapshots, readSnapshotsNow } from './use-table-snapshot';

export type SyncPage = SyncResponse;

export const CURSOR_KEY = 'syncCursor';

/** The server's cursor: a non-negative integer carried as a string ("0" before the first pull). */
export async function readCursor(db: TaliDb): Promise<string> {
  const row = await db.meta.get(CURSOR_KEY);
  return typeof row?.value === 'string' ? row.value : '0';
}

const isAfter = (a: string, b: string) => BigInt(a) > BigInt(b);

export type PullResult = { pages: number; applied: number; cursor: string };

/**
 * Rows of a first pull's first pages: a screenful or two, answered and written in a blink, then a
 * short page (a screen opened meanwhile waits at most for its write), then SYNC_MAX_PAGE.
 */
export const FIRST_PULL_PAGES: readonly number[] = [200, 1000];
export const FIRST_PAGE_ROWS = FIRST_PULL_PAGES[0] ?? 200;

function pageLimit(firstPull: boolean, index: number): number {
  return (firstPull ? FIRST_PULL_PAGES[index] : undefined) ?? SYNC_MAX_PAGE;
}

const running = new WeakMap<TaliDb, Promise<PullResult>>();

/** Pulls every change since the stored cursor. Concurrent calls share one run. */
export function pull(ctx: DeviceContext = deviceContext): Promise<PullResult> {
  const current = running.get(ctx.db);
  if (current) return current;
  const run = pullAll(ctx).finally(() => running.delete(ctx.db));
  running.set(ctx.db, run);
  return run;
}

async function fetchPage(ctx: DeviceContext, since: string, limit: number): Promise<SyncPage> {
  const res = await ctx.transport.fetch(
    `/api/sync?since=${encodeURIComponent(since)}&limit=${limit}`,
    {
      method: 'GET',
      headers: requestHeaders(ctx.transport, {}, false),
      credentials: 'include',
    },
  );
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as SyncPage;
}

async function pullAll(ctx: DeviceContext): Promise<PullResult> {
  let cursor = await readCursor(ctx.db);
  let pages = 0;
  let applied = 0;
  const firstPull = cursor === '0';
  let next = fetchPage(ctx, cursor, pageLimit(firstPull, 0));
  const screens = new ScreenRefresh();
  try {
    // A bound against a server that keeps answering hasMore: far beyond real use.
    for (let i = 0; i < 1000; i++) {
      const page = await next;
      // The next page travels (and the server builds it) while this one is written.
      const more = page.hasMore && isAfter(page.cursor, cursor);
      if (more) {
        next = fetchPage(ctx, page.cursor, pageLimit(firstPull, i + 1));
        // Not awaited when this page fails to apply: the error below is the one reported.
        next.catch(() => {});
      }
      applied += await applyPage(ctx.db, page, firstReadsSettled);
      pages++;
      if (isAfter(page.cursor, cursor)) cursor = page.cursor;
      if (!more) break;
      await screens.afterPage();
    }
  } finally {
    screens.done();
  }
  return { pages, applied, cursor };
}

/** While a long pull writes page after page, the screens' table reads refresh this often. */
export const PULL_REFRESH_MS = 2500;

/**
 * A screen re-reads its whole table after writes (use-table-snapshot.ts). During a pull of many
 * pages each re-read of the growing table would slow the next page's write: the first page is
 * read by the screens before the next write starts (so a new phone shows products at once), then
 * reads are held and let through once every PULL_REFRESH_MS, and once more at the end.
 */
class ScreenRefresh {
  private release: (() => void) | undefined;
  private since = 0;
  private first = true;

  async afterPage(): Promise<void> {
    if (this.first) {
      this.first = false;
      await readSnapshotsNow();
    }
    if (!this.release) {
      this.since = Date.now();
      void holdSnapshots(
        () =>
          new Promise<void>((resolve) => {
            this.release = resolve;
          }),
      );
    } else if (Date.now() - this.since >= PULL_REFRESH_MS) {
      // Let the screens read once; held again after the next page.
      this.done();
    }
  }

  done(): void {
    this.release?.();
    this.release = undefined;
  }
}

/**
 * Rows written per IndexedDB transaction. A read queued behind a write waits for the whole
 * transaction: a screen opened during a first pull waits for at most this many rows' write
 * (~0.3 s), not a whole page's.
 */
export const APPLY_CHUNK_ROWS = 2500;

type SyncedEntity = (typeof SYNCED_ENTITIES)[number];

/**
 * Applies one page, in transactions of APPLY_CHUNK_ROWS rows, the last of which stores the
 * page's cursor; returns the number of rows changed. Cut short (the app closed), the cursor has
 * not moved and the page is applied again on the next pull: each row's write is idempotent.
 * `between` runs before each transaction (a screen's first read goes first).
 */
export async function applyPage(
  db: TaliDb,
  page: SyncPage,
  between: () => Promise<void> = async () => {},
): Promise<number> {
  const chunks: Array<{ entity: SyncedEntity; rows: SyncRow<ApiSyncedRow>[] }> = [];
  for (const entity of SYNCED_ENTITIES) {
    // A server newer than this device may send lists it does not know: they are skipped.
    const rows = (page[entity.table] ?? []) as SyncRow<ApiSyncedRow>[];
    for (let i = 0; i < rows.length; i += APPLY_CHUNK_ROWS) {
      chunks.push({ entity, rows: rows.slice(i, i + APPLY_CHUNK_ROWS) });
    }
  }
  // An empty page still moves the cursor (one transaction with no rows).
  if (chunks.length === 0) chunks.push({ entity: SYNCED_ENTITIES[0], rows: [] });
  let changed = 0;
  for (const [i, chunk] of chunks.entries()) {
    await between();
    changed += await db.transaction('rw', [...syncedTables(db), db.meta], async () => {
      const rows = await applyRows(db, chunk.entity, chunk.rows);
      if (i === chunks.length - 1) {
        const stored = await readCursor(db);
        if (isAfter(page.cursor, stored)) {
          await db.meta.put({ key: CURSOR_KEY, value: page.cursor });
        }
      }
      return rows;
    });
  }
  return changed;
}

async function applyRows(
  db: TaliDb,
  entity: AnySyncedEntity & { kind: EntityKind },
  rows: SyncRow<ApiSyncedRow>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const table = anySyncedTable(db, entity);
  const kind = entity.kind;
  // Pending rows and local deletes are few: read those through their indexes instead of
  // looking up every incoming id (a first pull brings thousands of rows per page).
  const pendingKeys = await table.where('pending').equals(1).primaryKeys();
  const pendingIds = new Set<string>(pendingKeys);
  const touched = rows.filter((r) => pendingIds.has(r.id)).map((r) => r.id);
  const pendingRows = new Map<string, LocalSyncedRow>();
  for (const row of await table.bulkGet(touched)) if (row) pendingRows.set(row.id, row);
  const deletedHere = await locallyDeleted(db, kind);
  const puts: LocalSyncedRow[] = [];
  const deletes: string[] = [];
  const confirmed: string[] = [];
  const now = Date.now();
  for (const row of rows) {
    const local = pendingRows.get(row.id);
    if (isTombstone(row)) {
      // The server confirms our delete: the local marker has done its job.
      if (deletedHere.has(row.id)) confirmed.push(localDeleteKey(kind, row.id));
      // A row edited here stays: its queued update will be refused and shown to the owner.
      if (!local) deletes.push(row.id);
      continue;
    }
    if (deletedHere.has(row.id)) continue;
    const incoming = entity.fromServer(row, now);
    // A pending edit is never overwritten; when the server already holds exactly what the
    // device has, the edit has arrived (e.g. replayed while no page was open): confirm it.
    if (local && !entity.sameContent(local, incoming)) continue;
    puts.push(incoming);
  }
  if (confirmed.length) await db.meta.bulkDelete(confirmed);
  if (puts.length) await table.bulkPut(puts);
  if (deletes.length) await table.bulkDelete(deletes);
  return puts.length + deletes.length;
}

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
import { holdSnapshots } from './use-table-snapshot';

export type SyncPage = SyncResponse;

export const CURSOR_KEY = 'syncCursor';

/** The server's cursor: a non-negative integer carried as a string ("0" before the first pull). */
export async function readCursor(db: TaliDb): Promise<string> {
  const row = await db.meta.get(CURSOR_KEY);
  return typeof row?.value === 'string' ? row.value : '0';
}

const isAfter = (a: string, b: string) => BigInt(a) > BigInt(b);

export type PullResult = { pages: number; applied: number; cursor: string };

/** Rows of the first page of a first pull: a screenful or two, answered and written in a blink. */
export const FIRST_PAGE_ROWS = 200;

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
  let next = fetchPage(ctx, cursor, cursor === '0' ? FIRST_PAGE_ROWS : SYNC_MAX_PAGE);
  const screens = new ScreenRefresh();
  try {
    // A bound against a server that keeps answering hasMore: far beyond real use.
    for (let i = 0; i < 1000; i++) {
      const page = await next;
      // The next page travels (and the server builds it) while this one is written.
      const more = page.hasMore && isAfter(page.cursor, cursor);
      if (more) {
        next = fetchPage(ctx, page.cursor, SYNC_MAX_PAGE);
        // Not awaited when this page fails to apply: the error below is the one reported.
        next.catch(() => {});
      }
      applied += await applyPage(ctx.db, page);
      pages++;
      if (isAfter(page.cursor, cursor)) cursor = page.cursor;
      if (!more) break;
      screens.afterPage();
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
 * shown at once, then reads are held and let through once every PULL_REFRESH_MS, and once more
 * at the end.
 */
class ScreenRefresh {
  private release: (() => void) | undefined;
  private since = 0;

  afterPage(): void {
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

/** Applies one page and stores its cursor atomically; returns the number of rows changed. */
export async function applyPage(db: TaliDb, page: SyncPage): Promise<number> {
  return db.transaction('rw', [...syncedTables(db), db.meta], async () => {
    let changed = 0;
    for (const entity of SYNCED_ENTITIES) {
      // A server newer than this device may send lists it does not know: they are skipped.
      const rows = (page[entity.table] ?? []) as SyncRow<ApiSyncedRow>[];
      changed += await applyRows(db, entity, rows);
    }
    const stored = await readCursor(db);
    if (isAfter(page.cursor, stored)) await db.meta.put({ key: CURSOR_KEY, value: page.cursor });
    return changed;
  });
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

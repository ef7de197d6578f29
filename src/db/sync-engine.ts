/**
 * Pull: GET /api/sync?since=<cursor> until hasMore is false, applying each page in one Dexie
 * transaction. A row with a pending local edit (or an unconfirmed local delete) is never
 * overwritten; tombstones delete; the cursor in db.meta advances only with an applied page.
 */

import { type AnySyncedEntity, type EntityKind, SYNCED_ENTITIES } from '~/domain/sync/registry';
import {
  type ApiSyncedRow,
  isTombstone,
  type LocalSyncedRow,
  type SyncRow,
} from '~/domain/sync/rows';
import type { SyncResponse } from '~/domain/sync/wire';
import { errorFromResponse } from '~/lib/api';
import { anySyncedTable, syncedTables, type TaliDb } from './db';
import { localDeleteKey, locallyDeleted } from './local-deletes';
import { type DeviceContext, deviceContext, requestHeaders } from './transport';

export type SyncPage = SyncResponse;

export const CURSOR_KEY = 'syncCursor';

/** The server's cursor: a non-negative integer carried as a string ("0" before the first pull). */
export async function readCursor(db: TaliDb): Promise<string> {
  const row = await db.meta.get(CURSOR_KEY);
  return typeof row?.value === 'string' ? row.value : '0';
}

const isAfter = (a: string, b: string) => BigInt(a) > BigInt(b);

export type PullResult = { pages: number; applied: number; cursor: string };

const running = new WeakMap<TaliDb, Promise<PullResult>>();

/** Pulls every change since the stored cursor. Concurrent calls share one run. */
export function pull(ctx: DeviceContext = deviceContext): Promise<PullResult> {
  const current = running.get(ctx.db);
  if (current) return current;
  const run = pullAll(ctx).finally(() => running.delete(ctx.db));
  running.set(ctx.db, run);
  return run;
}

async function pullAll(ctx: DeviceContext): Promise<PullResult> {
  let cursor = await readCursor(ctx.db);
  let pages = 0;
  let applied = 0;
  // A bound against a server that keeps answering hasMore: 1,000 pages is far beyond real use.
  for (let i = 0; i < 1000; i++) {
    const res = await ctx.transport.fetch(`/api/sync?since=${encodeURIComponent(cursor)}`, {
      method: 'GET',
      headers: requestHeaders(ctx.transport, {}, false),
      credentials: 'include',
    });
    if (!res.ok) throw await errorFromResponse(res);
    const page = (await res.json()) as SyncPage;
    applied += await applyPage(ctx.db, page);
    pages++;
    if (isAfter(page.cursor, cursor)) cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { pages, applied, cursor };
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

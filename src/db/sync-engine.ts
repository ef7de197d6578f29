/**
 * Pull: GET /api/sync?since=<cursor>&limit=<rows> until hasMore is false, applying each page to
 * Dexie. A row with a pending local edit (or an unconfirmed local delete) is never overwritten;
 * tombstones delete (apply-rows.ts); the cursor in db.meta advances only with an applied page.
 * A large page of products is stored as it came and written row by row after the pull, in the
 * background (deferred-pages.ts): the catalogue is on the phone, whole, as soon as it arrives.
 *
 * A first pull (cursor "0") asks a small first page, so a new phone shows products early, then
 * pages of SYNC_MAX_PAGE; the next page is already on its way while one is written to Dexie.
 */

import { SYNCED_ENTITIES } from '~/domain/sync/registry';
import type { ApiSyncedRow, SyncRow } from '~/domain/sync/rows';
import {
  SYNC_CURSOR_HEADER,
  SYNC_HAS_MORE_HEADER,
  SYNC_MAX_PAGE,
  type SyncResponse,
} from '~/domain/sync/wire';
import { applyRows, type RegisteredEntity } from './apply-rows';
import { CURSOR_KEY, syncedTables, type TaliDb } from './db';
import {
  DEFER_MIN_ROWS,
  deferRows,
  deferrable,
  defersBigPages,
  hasDeferred,
  settleDeferred,
} from './deferred-pages';
import { NO_SCREENS, type ReadHolds, type ScreenReads } from './screen-reads';
import { rereadSkipped } from './server-row';
import { type DeviceContext, request } from './transport';

export type SyncPage = SyncResponse;

export { CURSOR_KEY };

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

/**
 * What the screens do while a pull writes: on the page, ScreenRefresh over the DeviceStore's
 * screens; a pull run in a worker tells the page instead (src/features/sync/pull-protocol.ts),
 * where the screens are. `reads` holds their re-reads while deferred pages are written.
 */
export type PullScreens = { afterPage(): Promise<void>; done(): void; reads: ReadHolds };

const QUIET: PullScreens = { afterPage: async () => {}, done: () => {}, reads: NO_SCREENS };

/**
 * Pulls every change since the stored cursor. One run: DeviceStore.pull schedules them (calls
 * during a pull share it).
 */
export function pull(ctx: DeviceContext, screens: PullScreens = QUIET): Promise<PullResult> {
  return pullAll(ctx, screens);
}

/**
 * One page on its way: `ahead` is the next cursor as the response's headers give it (before the
 * body is read; null from a server that does not send them), `body` the page itself.
 */
type PageInFlight = {
  ahead: { cursor: string; hasMore: boolean } | null;
  body: Promise<SyncPage>;
};

async function fetchPage(ctx: DeviceContext, since: string, limit: number): Promise<PageInFlight> {
  const res = await request(
    ctx.transport,
    'GET',
    `/api/sync?since=${encodeURIComponent(since)}&limit=${limit}`,
  );
  const cursor = res.headers.get(SYNC_CURSOR_HEADER);
  const hasMore = res.headers.get(SYNC_HAS_MORE_HEADER);
  const ahead =
    cursor !== null && /^\d+$/.test(cursor) && (hasMore === '1' || hasMore === '0')
      ? { cursor, hasMore: hasMore === '1' }
      : null;
  const body = res.json() as Promise<SyncPage>;
  // Not awaited when an earlier page fails: the error reported is that one.
  body.catch(() => {});
  return { ahead, body };
}

async function pullAll(ctx: DeviceContext, screens: PullScreens): Promise<PullResult> {
  let cursor = await readCursor(ctx.db);
  let pages = 0;
  let applied = 0;
  const firstPull = cursor === '0';
  let next = fetchPage(ctx, cursor, pageLimit(firstPull, 0));
  const ask = (since: string, index: number) => {
    const asked = fetchPage(ctx, since, pageLimit(firstPull, index));
    // Not awaited when this page fails to apply: the error below is the one reported.
    asked.catch(() => {});
    return asked;
  };
  try {
    // A bound against a server that keeps answering hasMore: far beyond real use.
    for (let i = 0; i < 1000; i++) {
      const inFlight = await next;
      // The next page travels (and the server builds it) while this one is read and written:
      // asked from the headers' cursor as soon as they arrive, else from the body's.
      const { ahead } = inFlight;
      const early = ahead?.hasMore && isAfter(ahead.cursor, cursor) ? ahead.cursor : null;
      if (early !== null) next = ask(early, i + 1);
      const page = await inFlight.body;
      const more = page.hasMore && isAfter(page.cursor, cursor);
      // The body is what counts: headers that disagreed with it (a proxy?) are not followed.
      if (more && early !== page.cursor) next = ask(page.cursor, i + 1);
      applied += await applyPage(ctx.db, page, () => screens.reads.firstReadsSettled());
      pages++;
      if (isAfter(page.cursor, cursor)) cursor = page.cursor;
      if (!more) break;
      await screens.afterPage();
    }
    // Server states skipped while their rows' changes were pending, now acknowledged.
    applied += await rereadSkipped(ctx);
  } finally {
    screens.done();
    // Deferred pages (this pull's, or an earlier one's cut short) are written in the background;
    // the screens already show them.
    void settleDeferred(ctx.db, SYNCED_ENTITIES, screens.reads).catch((error: unknown) => {
      // Retried by the next pull (or the next local write of a row); the pages stay readable.
      console.error(error);
    });
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
export class ScreenRefresh implements PullScreens {
  private release: (() => void) | undefined;
  private since = 0;
  private first = true;

  constructor(readonly reads: ScreenReads) {}

  async afterPage(): Promise<void> {
    if (this.first) {
      this.first = false;
      await this.reads.readNow();
    }
    if (!this.release) {
      this.since = Date.now();
      void this.reads.hold(
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

/**
 * Applies one page, in transactions of APPLY_CHUNK_ROWS rows, the last of which stores the
 * page's cursor; returns the number of rows changed (or deferred). Cut short (the app closed),
 * the cursor has not moved and the page is applied again on the next pull: each row's write is
 * idempotent. A table's rows are deferred when the page brings DEFER_MIN_ROWS of them or when
 * it still has deferred pages (they must be written in order). `between` runs before each
 * transaction (a screen's first read goes first).
 */
export async function applyPage(
  db: TaliDb,
  page: SyncPage,
  between: () => Promise<void> = async () => {},
): Promise<number> {
  const chunks: Array<{ entity: RegisteredEntity; rows: SyncRow<ApiSyncedRow>[]; big: boolean }> =
    [];
  for (const entity of SYNCED_ENTITIES) {
    // A server newer than this device may send lists it does not know: they are skipped.
    const rows = (page[entity.table] ?? []) as SyncRow<ApiSyncedRow>[];
    const big = defersBigPages(entity) && rows.length >= DEFER_MIN_ROWS;
    // Deferred rows are cheap to store: one transaction for them all.
    const size = big ? rows.length : APPLY_CHUNK_ROWS;
    for (let i = 0; i < rows.length; i += size) {
      chunks.push({ entity, rows: rows.slice(i, i + size), big });
    }
  }
  // An empty page still moves the cursor (one transaction with no rows).
  if (chunks.length === 0) chunks.push({ entity: SYNCED_ENTITIES[0], rows: [], big: false });
  let changed = 0;
  for (const [i, chunk] of chunks.entries()) {
    await between();
    changed += await db.transaction('rw', [...syncedTables(db), db.deferred, db.meta], async () => {
      const { entity, rows } = chunk;
      let count: number;
      const defer =
        rows.length > 0 &&
        deferrable(entity) &&
        (chunk.big || (await hasDeferred(db, entity.table)));
      if (defer) {
        await deferRows(db, entity, rows);
        count = rows.length;
      } else {
        count = await applyRows(db, entity, rows);
      }
      if (i === chunks.length - 1) {
        const stored = await readCursor(db);
        if (isAfter(page.cursor, stored)) {
          await db.meta.put({ key: CURSOR_KEY, value: page.cursor });
        }
      }
      return count;
    });
  }
  return changed;
}

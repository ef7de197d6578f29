/**
 * Deferred pages: a large pull page is stored in a few records (its rows converted as the table
 * stores them, 2,500 to a record) and written row by row afterwards, in the background. IndexedDB
 * stores one such record in a few ms but 2,500 row records in a few hundred (~100–160 µs each,
 * measured in Chromium: docs/benchmarks.md), so a new phone holds a 50,000-product catalogue,
 * whole and offline, in a fraction of the time (decision 003, "First pull").
 *
 * Until a deferred page is written, the readers of its table see it through `readMerged`,
 * `readMergedRow` or `readDeferredState` (the products list, in name order: read-products.ts):
 * the table's rows with the deferred pages applied in memory by the pull's own rule
 * (apply-rows.ts). Invariants that keep that view and the final table the same:
 *  - pages are applied in arrival order (`seq`), each in one transaction that also deletes it;
 *  - while a table has deferred pages, every later pull page of that table is deferred too, so
 *    no row-by-row write of the pull can land before an older deferred row;
 *  - a local write of a row first applies that row's deferred versions (`promoteDeferred`), so a
 *    later write of its page cannot bring back an older server state over the owner's edit.
 *
 * Products and customers are deferred: their readers (the lists, the home counts, the edit
 * dialogs, the imports) go through this module. A customers' import defers its new customers
 * too (customer-import.ts): rows written on the device, pending, that the rule puts like any
 * row no local state holds back.
 */
import { type AnySyncedEntity, customerEntity, productEntity } from '~/domain/sync/registry';
import {
  type ApiSyncedRow,
  type ApiTombstone,
  isTombstone,
  type LocalSyncedRow,
  type SyncRow,
} from '~/domain/sync/rows';
import { applyRows, planRows, type RegisteredEntity } from './apply-rows';
import { anySyncedTable, type DeferredPage, type TaliDb } from './db';
import { locallyDeleted } from './local-deletes';
import { NO_SCREENS, type ReadHolds } from './screen-reads';

/** A pull page with at least this many rows of a deferrable table is deferred. */
export const DEFER_MIN_ROWS = 1000;

/** Rows per deferred record: one record is also one row-by-row write transaction later. */
export const DEFERRED_RECORD_ROWS = 2500;

/** Tables whose rows may wait in deferred records (their readers merge them). */
export function deferrable(entity: AnySyncedEntity): boolean {
  return entity.table === productEntity.table || entity.table === customerEntity.table;
}

/**
 * Tables whose big pull pages are deferred: products (a first pull of 50,000). Customers' pull
 * pages are deferred only behind an import's records (customer-import.ts), to keep their order.
 */
export function defersBigPages(entity: AnySyncedEntity): boolean {
  return entity.table === productEntity.table;
}

/** Does this table have pages not yet written row by row? (Inside or outside a transaction.) */
export async function hasDeferred(db: TaliDb, table: string): Promise<boolean> {
  return (await db.deferred.where('table').equals(table).count()) > 0;
}

/** Stored as the table's rows: converted once, not at every read. */
const asStored = (row: LocalSyncedRow | ApiTombstone) => row as LocalSyncedRow;

/**
 * Stores the wire's rows as deferred records, converted as the table stores them, in the
 * caller's transaction (which includes db.deferred).
 */
export async function deferRows(
  db: TaliDb,
  entity: RegisteredEntity,
  rows: readonly SyncRow<ApiSyncedRow>[],
  now = Date.now(),
): Promise<void> {
  const stored = rows.map((row) => (isTombstone(row) ? row : entity.fromServer(row, now)));
  const records: DeferredPage[] = [];
  for (let i = 0; i < stored.length; i += DEFERRED_RECORD_ROWS) {
    records.push({ table: entity.table, rows: stored.slice(i, i + DEFERRED_RECORD_ROWS) });
  }
  if (records.length) await db.deferred.bulkAdd(records);
}

function deferredPages(db: TaliDb, table: string): Promise<DeferredPage[]> {
  // The 'table' index is ordered by table, then by the primary key: arrival order.
  return db.deferred.where('table').equals(table).toArray();
}

/** A table and its deferred pages, read in one transaction: one consistent state. */
export type DeferredState<L extends LocalSyncedRow> = {
  pages: DeferredPage[];
  rows: L[];
  deletedHere: Set<string>;
};

/**
 * The table (read by `readTable`, in the transaction), its deferred pages and its local deletes;
 * `null` when it has no pages (read the table itself, through its indexes). One transaction: one
 * wait behind the writes of the pages. The pages come in one request, as before: one record per
 * request would keep the transaction, which holds the pull's writes back, open for 20 round trips.
 */
export async function readDeferredState<L extends LocalSyncedRow>(
  db: TaliDb,
  entity: RegisteredEntity,
  readTable: () => Promise<L[]>,
): Promise<DeferredState<L> | null> {
  const table = anySyncedTable(db, entity);
  return db.transaction('r', [table, db.deferred, db.meta], async () => {
    const pages = await deferredPages(db, entity.table);
    if (pages.length === 0) return null;
    const rows = await readTable();
    return { pages, rows, deletedHere: await locallyDeleted(db, entity.kind) };
  });
}

/**
 * The table's rows as they will be once its deferred pages are written; `null` when it has none
 * (read the table itself, through its indexes).
 */
export async function readMerged<L extends LocalSyncedRow>(
  db: TaliDb,
  entity: RegisteredEntity,
): Promise<L[] | null> {
  const table = anySyncedTable(db, entity);
  const read = await readDeferredState(db, entity, async () => (await table.toArray()) as L[]);
  return read ? [...(await mergeDeferred(entity, read)).values()] : null;
}

/**
 * The pull's rule applied in memory: the table's rows with the pages written over them, by id.
 * `between` runs after each page (a caller on the page yields to input there).
 */
export async function mergeDeferred<L extends LocalSyncedRow>(
  entity: RegisteredEntity,
  { pages, rows: table, deletedHere }: DeferredState<L>,
  between: () => Promise<void> = async () => {},
): Promise<Map<string, L>> {
  const rows = new Map<string, L>();
  const state = { pending: new Map<string, LocalSyncedRow>(), deletedHere: new Set(deletedHere) };
  for (const row of table) {
    rows.set(row.id, row);
    if (row.pending === 1) state.pending.set(row.id, row);
  }
  for (const page of pages) {
    await between();
    const plan = planRows(entity, page.rows, state, asStored);
    for (const row of plan.puts) {
      rows.set(row.id, row as L);
      // A pending row put by a page (an import's) holds later pages back, as in its table.
      if (row.pending === 1) state.pending.set(row.id, row);
    }
    for (const id of plan.deletes) rows.delete(id);
  }
  return rows;
}

/** One row as the owner sees it (deferred pages included); undefined when there is none. */
export async function readMergedRow<L extends LocalSyncedRow>(
  db: TaliDb,
  entity: RegisteredEntity,
  id: string,
): Promise<L | undefined> {
  const table = anySyncedTable(db, entity);
  return db.transaction('r', [table, db.deferred, db.meta], async () => {
    const row = (await table.get(id)) as L | undefined;
    const pages = await deferredPages(db, entity.table);
    if (pages.length === 0) return row;
    const mine = pages.map((page) => ({ ...page, rows: page.rows.filter((r) => r.id === id) }));
    const deletedHere = await locallyDeleted(db, entity.kind);
    const merged = await mergeDeferred(entity, {
      pages: mine,
      rows: row ? [row] : [],
      deletedHere,
    });
    return merged.get(id);
  });
}

/**
 * Writes the deferred versions of these rows now, in the caller's transaction (the entity's
 * table, db.deferred and db.meta), and takes them out of their pages. A local save or delete
 * calls it first: the row then lives in its table, where the pull's rules protect the edit.
 */
export async function promoteDeferred(
  db: TaliDb,
  entity: RegisteredEntity,
  ids: ReadonlySet<string>,
): Promise<void> {
  for (const page of await deferredPages(db, entity.table)) {
    const taken = page.rows.filter((row) => ids.has(row.id));
    if (taken.length === 0) continue;
    await applyRows(db, entity, taken, asStored);
    const kept = page.rows.filter((row) => !ids.has(row.id));
    if (kept.length > 0) await db.deferred.put({ ...page, rows: kept });
    else if (page.seq !== undefined) await db.deferred.delete(page.seq);
  }
}

const settling = new WeakMap<TaliDb, Promise<void>>();

/**
 * Writes every deferred page row by row, oldest first, one page per transaction (a screen's read
 * waits for one page at most). Concurrent calls share one run; it resolves when none is left.
 * Safe beside another writer of the pages (the CSV worker): each transaction applies and deletes
 * the oldest page, so a page is applied once.
 */
export function settleDeferred(
  db: TaliDb,
  entities: readonly RegisteredEntity[],
  screens: ReadHolds = NO_SCREENS,
): Promise<void> {
  const current = settling.get(db);
  if (current) return current;
  const run = settleAll(db, entities, screens).finally(() => settling.delete(db));
  settling.set(db, run);
  return run;
}

async function settleAll(
  db: TaliDb,
  entities: readonly RegisteredEntity[],
  screens: ReadHolds,
): Promise<void> {
  for (const entity of entities.filter(deferrable)) {
    if (!(await hasDeferred(db, entity.table))) continue;
    // What the screens show does not change while pages are written (they read them merged):
    // their re-reads are held, and a local write asks for one (synced-repo.ts).
    await screens.hold(async () => {
      const table = anySyncedTable(db, entity);
      for (;;) {
        await screens.firstReadsSettled();
        const more = await db.transaction('rw', [table, db.deferred, db.meta], async () => {
          const [page] = await db.deferred.where('table').equals(entity.table).limit(1).toArray();
          if (!page || page.seq === undefined) return false;
          await applyRows(db, entity, page.rows, asStored);
          await db.deferred.delete(page.seq);
          return true;
        });
        if (!more) return;
      }
    });
  }
}

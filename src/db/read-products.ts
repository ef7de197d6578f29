/**
 * Reads the whole catalogue in name order in slices: one getAll of 100,000 rows would be
 * deserialised in a single main-thread task of several hundred ms; slices keep each task short
 * and let input and paint run in between. While pull pages wait to be written (deferred-pages.ts)
 * the same holds: the table is read in name order, each page sorted alone, and the sorted lists
 * merged two by two, yielding between steps, instead of one sort of 50,000 rows in one task.
 */
import { productEntity } from '~/domain/sync/registry';
import type { LocalProduct, TaliDb } from './db';
import { mergeDeferred, readDeferredState } from './deferred-pages';
import { byName, prepareSearch } from './product-search';
import { keepUnchanged } from './unchanged-rows';

export const READ_SLICE = 4000;

/**
 * Slices of a re-read: the screen already shows the catalogue, so a re-read is background work
 * and each slice's deserialisation (one task) stays short enough to fall between keystrokes.
 */
export const REREAD_SLICE = 1000;

/** A task longer than this gives way to input and paint before going on. */
const TASK_MS = 8;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export type ReadOptions = {
  /** The snapshot the screen shows: its unchanged rows (or itself) are kept (unchanged-rows.ts). */
  previous?: readonly LocalProduct[];
  slice?: number;
};

/**
 * The catalogue in name order, pull pages not yet written row by row included, ready to be
 * searched: its search keys are joined in a task of their own here, not on the first keystroke.
 * A re-read that finds nothing changed answers `previous` itself (nothing to join or redraw).
 */
export async function readProductsByName(
  db: TaliDb,
  { previous, slice = previous ? REREAD_SLICE : READ_SLICE }: ReadOptions = {},
): Promise<readonly LocalProduct[]> {
  const read = await readInNameOrder(db, slice);
  const rows = previous ? await keepUnchanged(previous, read, nextTask) : read;
  if (rows === previous) return rows;
  await nextTask();
  prepareSearch(rows);
  return rows;
}

async function readInNameOrder(db: TaliDb, slice: number): Promise<LocalProduct[]> {
  // In the transaction every slice is still its own task (one request each); no pause there,
  // which would end the transaction.
  // Slices that do not pause gain nothing from being small: full ones, fewer round trips.
  const state = await readDeferredState<LocalProduct>(db, productEntity, () =>
    readTableByName(db, Math.max(slice, READ_SLICE), async () => {}),
  );
  if (!state) return readTableByName(db, slice, nextTask);
  let since = performance.now();
  const giveWay = async () => {
    if (performance.now() - since < TASK_MS) return;
    await nextTask();
    since = performance.now();
  };
  const merged = await mergeDeferred(productEntity, state, giveWay);
  // Each row of the merged catalogue is one object of the table or of a page: keep those, in
  // their list's order, then merge the ordered lists.
  const kept = (rows: readonly LocalProduct[]) => rows.filter((row) => merged.get(row.id) === row);
  let lists: LocalProduct[][] = [kept(state.rows)];
  for (const page of state.pages) {
    await giveWay();
    lists.push(kept(page.rows as LocalProduct[]).sort(byName));
  }
  while (lists.length > 1) {
    const next: LocalProduct[][] = [];
    for (let i = 0; i < lists.length; i += 2) {
      await giveWay();
      next.push(mergeOrdered(lists[i] ?? [], lists[i + 1] ?? []));
    }
    lists = next;
  }
  return lists[0] ?? [];
}

function mergeOrdered(a: readonly LocalProduct[], b: readonly LocalProduct[]): LocalProduct[] {
  if (b.length === 0) return a as LocalProduct[];
  const out: LocalProduct[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as LocalProduct;
    const y = b[j] as LocalProduct;
    if (byName(x, y) <= 0) {
      out.push(x);
      i++;
    } else {
      out.push(y);
      j++;
    }
  }
  while (i < a.length) out.push(a[i++] as LocalProduct);
  while (j < b.length) out.push(b[j++] as LocalProduct);
  return out;
}

async function readTableByName(
  db: TaliDb,
  slice: number,
  pause: () => Promise<void>,
): Promise<LocalProduct[]> {
  const out: LocalProduct[] = [];
  let after: [string, string] | null = null;
  for (;;) {
    const page: LocalProduct[] = await (after
      ? db.products.where('[searchKey+id]').above(after)
      : db.products.orderBy('[searchKey+id]')
    )
      .limit(slice)
      .toArray();
    for (const row of page) out.push(row);
    const last = page.at(-1);
    if (page.length < slice || !last) return out;
    after = [last.searchKey, last.id];
    await pause();
  }
}

/**
 * Reads the whole catalogue in name order in slices: one getAll of 100,000 rows would be
 * deserialised in a single main-thread task of several hundred ms; slices keep each task short
 * and let input and paint run in between.
 */
import { productEntity } from '~/domain/sync/registry';
import type { LocalProduct, TaliDb } from './db';
import { readMerged } from './deferred-pages';
import { byName } from './product-search';

export const READ_SLICE = 4000;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The catalogue in name order, pull pages not yet written row by row included. */
export async function readProductsByName(db: TaliDb, slice = READ_SLICE): Promise<LocalProduct[]> {
  const merged = await readMerged<LocalProduct>(db, productEntity);
  return merged ? merged.sort(byName) : readTableByName(db, slice);
}

async function readTableByName(db: TaliDb, slice: number): Promise<LocalProduct[]> {
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
    await nextTask();
  }
}

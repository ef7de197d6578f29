/**
 * Products list query. Substring search cannot use an IndexedDB index, so the screen keeps the
 * catalogue in memory (one live read) and filters/sorts here: 50,000 rows take a few ms, far
 * less than a cursor scan per keystroke.
 */
import { searchKey } from '~/domain/text';
import type { LocalProduct } from './db';

export type StatusFilter = 'all' | 'active' | 'inactive';
export type ProductSort = 'name' | 'price';
export type ProductQuery = { search: string; status: StatusFilter; sort: ProductSort };

/** Name order: the search key, then the id (the [searchKey+id] index's order). */
export const byName = (a: LocalProduct, b: LocalProduct) =>
  a.searchKey < b.searchKey ? -1 : a.searchKey > b.searchKey ? 1 : a.id < b.id ? -1 : 1;

const byPrice = (a: LocalProduct, b: LocalProduct) => a.priceCents - b.priceCents || byName(a, b);

/** `rows` come in index order (searchKey), which already is the name order. */
export function sortProducts(
  rows: readonly LocalProduct[],
  sort: ProductSort,
): readonly LocalProduct[] {
  return sort === 'price' ? [...rows].sort(byPrice) : rows;
}

/** Keeps the order of `rows`; `key` is an already folded search key. */
export function filterSorted(
  rows: readonly LocalProduct[],
  key: string,
  status: StatusFilter,
): LocalProduct[] {
  const wanted = status === 'active' ? 1 : status === 'inactive' ? 0 : null;
  // Nothing to filter: the same rows (a copy of 50,000 would be wasted work per keystroke).
  if (!key && wanted === null) return rows as LocalProduct[];
  const out: LocalProduct[] = [];
  for (const row of rows) {
    if (wanted !== null && row.active !== wanted) continue;
    if (key && !row.searchKey.includes(key)) continue;
    out.push(row);
  }
  return out;
}

export function filterProducts(rows: readonly LocalProduct[], query: ProductQuery): LocalProduct[] {
  return filterSorted(sortProducts(rows, query.sort), searchKey(query.search), query.status);
}

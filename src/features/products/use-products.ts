/**
 * The products list: one live read of the catalogue in index order (re-read, throttled, when
 * products change), then filter and sort in memory for each keystroke — a few ms for 50,000 rows
 * (bench/search.ts).
 */
import { useMemo, useRef } from 'react';
import type { LocalProduct } from '~/db/db';
import { filterSorted, type ProductQuery, searchRows, sortProducts } from '~/db/product-search';
import { readProductsByName } from '~/db/read-products';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { searchKey } from '~/domain/text';

/**
 * The whole catalogue in name order (deferred pull pages included); undefined while the first
 * read runs. A re-read that finds it unchanged (e.g. when the deferred pages are written row by
 * row: the screen already showed them) answers the same array: nothing is joined or drawn again.
 */
export function useCatalogue(): readonly LocalProduct[] | undefined {
  return useTableSnapshot('products', (db, shown) => readProductsByName(db, { previous: shown }));
}

type Narrowing = {
  base: readonly LocalProduct[];
  key: string;
  status: ProductQuery['status'];
  rows: LocalProduct[];
};

/** A previous result under 1/NARROW_BELOW of the catalogue is narrowed row by row. */
const NARROW_BELOW = 8;

/** The rows of `all` that answer `query`, in its order; undefined while `all` is. */
export function useProducts(
  all: readonly LocalProduct[] | undefined,
  query: ProductQuery,
): LocalProduct[] | undefined {
  // Filtered in the same render as the keystroke: a few ms, and measured (bench/search.ts) this
  // beat useDeferredValue (p95 28 ms vs 60 ms) and any fixed debounce, which would add its whole
  // delay to every keystroke.
  const base = useMemo(() => (all ? sortProducts(all, query.sort) : undefined), [all, query.sort]);
  const last = useRef<Narrowing | null>(null);
  return useMemo(() => {
    if (!base) return undefined;
    const key = searchKey(query.search);
    const previous = last.current;
    // Typing one more letter narrows the previous result: a small one is filtered row by row;
    // a large one is searched again through the catalogue's joined keys, which is faster.
    const narrowing =
      previous &&
      previous.base === base &&
      previous.status === query.status &&
      key.startsWith(previous.key) &&
      previous.rows.length * NARROW_BELOW < base.length;
    const next = narrowing
      ? filterSorted(previous.rows, key, query.status)
      : searchRows(base, key, query.status);
    last.current = { base, key, status: query.status, rows: next };
    return next;
  }, [base, query.search, query.status]);
}

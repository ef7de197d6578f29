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

export type ProductsView = {
  /** undefined while the first read runs. */
  rows: LocalProduct[] | undefined;
  /** Products on the device, before the search and filter. */
  total: number;
  /** The whole catalogue in name order (the import matches names against it). */
  catalogue: LocalProduct[] | undefined;
  /** The query `rows` answers: the typed one (filtered in the keystroke's own render). */
  applied: ProductQuery;
};

type Narrowing = {
  base: readonly LocalProduct[];
  key: string;
  status: ProductQuery['status'];
  rows: LocalProduct[];
};

/** A previous result under 1/NARROW_BELOW of the catalogue is narrowed row by row. */
const NARROW_BELOW = 8;

export function useProducts(query: ProductQuery): ProductsView {
  const all = useTableSnapshot('products', (db) => readProductsByName(db));
  // Filtered in the same render as the keystroke: a few ms, and measured (bench/search.ts) this
  // beat useDeferredValue (p95 28 ms vs 60 ms) and any fixed debounce, which would add its whole
  // delay to every keystroke.
  const base = useMemo(() => (all ? sortProducts(all, query.sort) : undefined), [all, query.sort]);
  const last = useRef<Narrowing | null>(null);
  const rows = useMemo(() => {
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
  return { rows, total: all?.length ?? 0, applied: query, catalogue: all };
}

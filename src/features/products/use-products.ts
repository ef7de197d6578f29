/**
 * The products list: one live read of the catalogue in index order (re-run only when products
 * change), then filter and sort in memory for each keystroke — a few ms for 50,000 rows.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useMemo } from 'react';
import { db, type LocalProduct } from '~/db/db';
import { filterProducts, type ProductQuery } from '~/db/product-search';

export type ProductsView = {
  /** undefined while the first read runs. */
  rows: LocalProduct[] | undefined;
  /** Products on the device, before the search and filter. */
  total: number;
  /** The query `rows` answers (it trails the typed one by a render while typing). */
  applied: ProductQuery;
};

export function useProducts(query: ProductQuery): ProductsView {
  const all = useLiveQuery(() => db.products.orderBy('searchKey').toArray(), []);
  // Typing stays instant: React renders the filtered list at lower priority than the input.
  const deferred = useDeferredValue(query);
  const rows = useMemo(() => (all ? filterProducts(all, deferred) : undefined), [all, deferred]);
  return { rows, total: all?.length ?? 0, applied: deferred };
}

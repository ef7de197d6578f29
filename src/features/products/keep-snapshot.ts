/**
 * Keeps the products list's snapshot (src/lib/first-screen-snapshot.ts) each time the list shows
 * the catalogue as it opens (no search, every status, by name): the next open paints those rows
 * before the app runs (issue 42, decision 028).
 */
import { useEffect } from 'react';
import type { LocalProduct } from '~/db/db';
import type { ProductQuery } from '~/db/product-search';
import { formatBRL } from '~/domain/money';
import {
  clearSnapshot,
  keepSnapshot,
  makeSnapshot,
  SNAPSHOT_ROWS,
  type SnapshotRow,
} from '~/lib/first-screen-snapshot';
import { getSession } from '~/lib/session';

/** The header's count, as the screen and its snapshot both show it. */
export function productsCount(total: number): string {
  return `${total.toLocaleString('pt-BR')} ${total === 1 ? 'produto' : 'produtos'}`;
}

export function snapshotRow(product: LocalProduct): SnapshotRow {
  const stock = (product as { stock?: number | null }).stock;
  return {
    name: product.name,
    price: formatBRL(product.price),
    active: product.active === 1,
    stock: stock ?? null,
    description: product.description ?? '',
  };
}

/** The rows the list opens with; a search or a filter changes nothing kept. */
export function useKeepSnapshot(
  catalogue: readonly LocalProduct[] | undefined,
  rows: readonly LocalProduct[] | undefined,
  query: ProductQuery,
): void {
  const opening = query.search === '' && query.status === 'all' && query.sort === 'name';
  useEffect(() => {
    if (!opening || !catalogue || !rows) return;
    const session = getSession();
    if (!session) return;
    // After this render is painted: the first row's open does not wait for a storage write.
    const timer = setTimeout(() => {
      if (catalogue.length === 0) {
        clearSnapshot(localStorage);
        return;
      }
      const first = rows.slice(0, SNAPSHOT_ROWS).map(snapshotRow);
      keepSnapshot(
        localStorage,
        makeSnapshot(session.userId, productsCount(catalogue.length), first),
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [opening, catalogue, rows]);
}

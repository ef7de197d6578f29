/**
 * The search box, filters and list of the products screen. The query lives here, not in the
 * screen: a keystroke redraws the box and the list, not the screen's header, banners and dialogs
 * (Ark UI's dialogs and selects were a third of a keystroke's work in bench/search.ts's profile).
 */
import { memo, useState } from 'react';
import { css } from 'styled-system/css';
import type { LocalProduct } from '~/db/db';
import type { ProductQuery } from '~/db/product-search';
import { Card } from '~/ui/card';
import { Spinner } from '~/ui/spinner';
import { useKeepSnapshot } from './keep-snapshot';
import { ProductList } from './product-list';
import { ProductsToolbar } from './products-toolbar';
import { useProducts } from './use-products';

function Empty({ title, text }: { title: string; text: string }) {
  return (
    <Card className={css({ textAlign: 'center', py: '10' })}>
      <p className={css({ fontWeight: 'semibold' })}>{title}</p>
      <p className={css({ color: 'muted', fontSize: 'sm', mt: '1' })}>{text}</p>
    </Card>
  );
}

export type ProductsFinderProps = {
  /** The catalogue in name order; undefined while it is read. */
  catalogue: readonly LocalProduct[] | undefined;
  onEdit: (product: LocalProduct) => void;
  onDelete: (product: LocalProduct) => void;
};

export const ProductsFinder = memo(function ProductsFinder({
  catalogue,
  onEdit,
  onDelete,
}: ProductsFinderProps) {
  const [query, setQuery] = useState<ProductQuery>({ search: '', status: 'all', sort: 'name' });
  const rows = useProducts(catalogue, query);
  useKeepSnapshot(catalogue, rows, query);
  return (
    <>
      <ProductsToolbar query={query} onChange={setQuery} />
      <div
        data-testid="products-results"
        data-search={query.search}
        // The start-up's snapshot of this list (decision 028) stays until the rows are here.
        data-first-screen-part=""
        data-first-screen-ready={rows === undefined ? undefined : ''}
      >
        {rows === undefined ? (
          <div
            className={css({ display: 'grid', placeItems: 'center', py: '10', color: 'primary' })}
          >
            <Spinner size={32} />
          </div>
        ) : catalogue?.length === 0 ? (
          <Empty title="Nenhum produto cadastrado" text="Comece adicionando seu primeiro produto" />
        ) : rows.length === 0 ? (
          <Empty title="Nenhum produto encontrado" text="Tente outro nome ou filtro" />
        ) : (
          <ProductList rows={rows} onEdit={onEdit} onDelete={onDelete} />
        )}
      </div>
    </>
  );
});

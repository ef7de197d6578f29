/** The product list: the shared virtualised list of product cards, for up to 50,000 rows. */
import { memo } from 'react';
import type { LocalProduct } from '~/db/db';
import { VirtualList } from '~/ui/virtual-list';
import { ProductCard } from './product-card';

export type ProductListProps = {
  rows: LocalProduct[];
  onEdit: (product: LocalProduct) => void;
  onDelete: (product: LocalProduct) => void;
};

const LAYOUT = { estimateSize: 112, gap: 12, overscan: 6 };

/** Memoised: typing re-renders the screen at once, the list only when its rows change. */
export const ProductList = memo(function ProductList({ rows, onEdit, onDelete }: ProductListProps) {
  return (
    <VirtualList
      rows={rows}
      testId="product-list"
      layout={LAYOUT}
      renderRow={(product) => <ProductCard product={product} onEdit={onEdit} onDelete={onDelete} />}
    />
  );
});

/** The virtualised product list: only the cards on screen are in the DOM, even for 50,000 rows. */
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { LocalProduct } from '~/db/db';
import { ProductCard } from './product-card';

export type ProductListProps = {
  rows: LocalProduct[];
  onEdit: (product: LocalProduct) => void;
  onDelete: (product: LocalProduct) => void;
};

const GAP = 12;

/** Memoised: typing re-renders the screen at once, the list only when its rows change. */
export const ProductList = memo(function ProductList({ rows, onEdit, onDelete }: ProductListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  // The banners above the list come and go: keep the virtualiser's idea of where it starts right.
  useLayoutEffect(() => {
    const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    setOffset((previous) => (Math.abs(previous - top) < 1 ? previous : top));
  });
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 112,
    overscan: 6,
    gap: GAP,
    scrollMargin: offset,
    // Items are keyed by position (the default), not by product id: the heights measured stay
    // valid from one keystroke to the next (most cards are the same height), so a new result
    // does not lay out the whole list again after each new card is measured (bench/search.ts),
    // and the cards on screen are updated in place.
  });
  return (
    <div
      ref={listRef}
      data-testid="product-list"
      data-count={rows.length}
      className={css({ position: 'relative', w: 'full' })}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const product = rows[item.index];
        if (!product) return null;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className={css({ position: 'absolute', top: 0, left: 0, w: 'full' })}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <ProductCard product={product} onEdit={onEdit} onDelete={onDelete} />
          </div>
        );
      })}
    </div>
  );
});

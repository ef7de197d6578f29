/** A window-scrolled virtualised list: only the rows on screen are in the DOM, even for 50,000. */
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';

export type VirtualListLayout = {
  /** A row's height in px before it is measured (a good guess keeps the scrollbar steady). */
  estimateSize: number;
  /** Space between rows, in px. */
  gap: number;
  /** Rows drawn beyond each edge of the screen, so a fast scroll does not show blanks. */
  overscan: number;
};

export type VirtualListProps<Row extends { id: string }> = {
  rows: readonly Row[];
  layout: VirtualListLayout;
  renderRow: (row: Row) => ReactNode;
  /** The list's test id; the list also says how many rows it holds in `data-count`. */
  testId?: string;
};

const rowStyle = css({ position: 'absolute', top: 0, left: 0, w: 'full' });

/**
 * A row's height without forcing a layout: the ResizeObserver's size once it has seen the row,
 * else the height this row position was last measured at, else the estimate. The library's own
 * reads offsetHeight when a row mounts, a synchronous layout in the middle of every scroll frame
 * that brings a new row (bench/conversations.ts); the observer reports the real height after the
 * frame's layout, before its paint, and the row is moved then if it differed.
 */
function measureWithoutLayout(estimate: number) {
  return (
    element: Element,
    entry: ResizeObserverEntry | undefined,
    instance: Virtualizer<Window, Element>,
  ): number => {
    const box = entry?.borderBoxSize?.[0];
    if (box) return Math.round(box.blockSize);
    const key = instance.options.getItemKey(instance.indexFromElement(element));
    return instance.itemSizeCache.get(key) ?? estimate;
  };
}

export function VirtualList<Row extends { id: string }>({
  rows,
  layout: { estimateSize, gap, overscan },
  renderRow,
  testId,
}: VirtualListProps<Row>) {
  const listRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState(0);
  // The banners above the list come and go: keep the virtualiser's idea of where it starts right.
  // Read when the list mounts and when the height of a box around it changes (a banner above
  // shown or gone grows or shrinks one of them; the page itself may be held at the screen's
  // height), after the browser's own layout: not at every render, where each scroll frame's
  // render would pay for a synchronous layout.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const read = () => {
      const top = list.getBoundingClientRect().top + window.scrollY;
      setOffset((previous) => (Math.abs(previous - top) < 1 ? previous : top));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    for (let box = list.parentElement; box; box = box.parentElement) observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimateSize,
    overscan,
    gap,
    scrollMargin: offset,
    measureElement: measureWithoutLayout(estimateSize),
    // Items are keyed by position (the default), not by row id: the heights measured stay valid
    // from one keystroke to the next (most cards are the same height), so a new search result
    // does not lay the whole list out again after each new card is measured (bench/search.ts:
    // layout 1.7 s → 0.15 s of a typing profile), and the cards on screen are updated in place.
  });
  return (
    <div
      ref={listRef}
      data-testid={testId}
      data-count={rows.length}
      className={css({ position: 'relative', w: 'full' })}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className={rowStyle}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            {renderRow(row)}
          </div>
        );
      })}
    </div>
  );
}

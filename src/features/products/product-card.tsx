/**
 * One product in the list: name, description, its stock when tracked, price 'R$ 59,90',
 * Ativo/Inativo, edit and delete. Its parts are named (`data-part`): index.html's start-up fills a
 * build-time copy of this card with the last products shown (src/app/first-screen-snapshot-paint.ts).
 */
import { memo } from 'react';
import { css } from 'styled-system/css';
import type { LocalProduct } from '~/db/db';
import { formatBRL } from '~/domain/money';
import { cardStyle } from '~/ui/card';
import { RowActions } from '~/ui/row-actions';
import { pill } from '~/ui/styles';
import { ProductThumb } from './photos/product-thumb';

export type ProductCardProps = {
  product: LocalProduct;
  onEdit: (product: LocalProduct) => void;
  onDelete: (product: LocalProduct) => void;
  /** The build-time model card (decision 028): covers come from IndexedDB, which it cannot read. */
  noCover?: boolean;
};

// Computed once: Panda's css() merges and hashes its object at every call, and a keystroke
// redraws every card on screen.
const headStyle = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const nameStyle = css({ fontWeight: 'semibold', lineHeight: 'tight', wordBreak: 'break-word' });
const statusStyle = (active: boolean) =>
  css(pill, {
    fontSize: 'xs',
    px: '2',
    py: '0.5',
    bg: active ? 'green.100' : 'gray.100',
    color: active ? 'green.800' : 'gray.600',
  });
const activeStyle = statusStyle(true);
const inactiveStyle = statusStyle(false);
const descriptionStyle = css({ fontSize: 'sm', color: 'muted', mt: '1', lineClamp: 2 });
const footStyle = css({ display: 'flex', alignItems: 'center', gap: '1', mt: '1' });
const priceStyle = css({ flex: '1', fontSize: 'lg', fontWeight: 'bold', color: 'brand.700' });

const soldOutStyle = css(pill, {
  display: 'inline-block',
  mt: '1',
  fontSize: 'xs',
  fontWeight: 'semibold',
  px: '2',
  py: '0.5',
  bg: 'red.100',
  color: 'red.800',
});
const stockStyle = css({ fontSize: 'sm', color: 'muted', mt: '1' });

/** 'Estoque: N' when tracked, a badge 'Esgotado' at 0, nothing when not tracked (or not pulled yet). */
function StockLine({ stock }: { stock: number | null | undefined }) {
  if (stock === null || stock === undefined) return null;
  if (stock === 0)
    return (
      <span data-part="stock" className={soldOutStyle}>
        Esgotado
      </span>
    );
  return (
    <p data-part="stock" className={stockStyle}>
      Estoque: {stock.toLocaleString('pt-BR')}
    </p>
  );
}

export const ProductCard = memo(function ProductCard({
  product,
  onEdit,
  onDelete,
  noCover = false,
}: ProductCardProps) {
  const active = product.active === 1;
  return (
    <article data-testid="product-card" className={cardStyle}>
      <div className={headStyle}>
        {noCover ? null : <ProductThumb productId={product.id} />}
        <h3 data-part="name" className={nameStyle}>
          {product.name}
        </h3>
        <span data-part="status" className={active ? activeStyle : inactiveStyle}>
          {active ? 'Ativo' : 'Inativo'}
        </span>
      </div>
      <StockLine stock={(product as { stock?: number | null }).stock} />
      {product.description ? (
        <p data-part="description" className={descriptionStyle}>
          {product.description}
        </p>
      ) : null}
      <div className={footStyle}>
        <p data-part="price" className={priceStyle}>
          {formatBRL(product.price)}
        </p>
        <RowActions row={product} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </article>
  );
});

/** The cover of a product in the owner's list, from IndexedDB (works offline). */
import { css } from 'styled-system/css';
import { useCoverUrl } from './covers';

const thumbStyle = css({
  w: '14',
  h: '14',
  flexShrink: 0,
  borderRadius: 'md',
  objectFit: 'cover',
  bg: 'gray.100',
});

export function ProductThumb({ productId }: { productId: string }) {
  const url = useCoverUrl(productId);
  if (!url) return null;
  return <img src={url} alt="" className={thumbStyle} data-testid="product-thumb" />;
}

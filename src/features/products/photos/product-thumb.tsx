/** The cover of a product in the owner's list, from IndexedDB (works offline). */
import { useLiveQuery } from 'dexie-react-hooks';
import { css } from 'styled-system/css';
import { useDeviceStore } from '~/db/device-store-context';
import { productPhotos } from './photo-repo';
import { usePhotoUrl } from './use-photo-url';

const thumbStyle = css({
  w: '14',
  h: '14',
  flexShrink: 0,
  borderRadius: 'md',
  objectFit: 'cover',
  bg: 'gray.100',
});

export function ProductThumb({ productId }: { productId: string }) {
  const { db } = useDeviceStore();
  const cover = useLiveQuery(async () => (await productPhotos(db, productId))[0], [db, productId]);
  const url = usePhotoUrl(cover?.blob);
  if (!url) return null;
  return <img src={url} alt="" className={thumbStyle} data-testid="product-thumb" />;
}

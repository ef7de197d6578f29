/**
 * Product photos: a child of products in the sync registry (decision 009, "Child entities"), the
 * limits both sides check, and the public media names the server serves them under.
 */
import type { ChildDescriptor } from './sync/children';
import { field, idField } from './sync/columns';

/** The queue's tag for a photo's requests ("product-photo:<id>"): its replay is announced by it. */
export const PHOTO_TAG = 'product-photo:';
/** A product shows at most this many photos; the first is its cover. */
export const MAX_PHOTOS = 5;
/** The largest upload the API takes (the device sends ≤ 1600 px, ~300 KB). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The widths the server makes (never enlarged: a smaller photo keeps its own width). */
export const PHOTO_WIDTHS = [160, 480, 1200] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];
/** The size the device keeps once a photo is uploaded, and the owner's list shows. */
export const DEVICE_PHOTO_WIDTH = 480;
/** Content types a PUT may declare (the bytes must agree). */
export const PHOTO_CONTENT_TYPES = ['image/webp', 'image/jpeg', 'image/png'] as const;

export const PHOTO_TEXTS = {
  tooLarge: 'A foto deve ter no máximo 2 MB.',
  notImage: 'Envie uma foto JPEG, PNG ou WebP.',
  tooMany: `Um produto pode ter no máximo ${MAX_PHOTOS} fotos.`,
  notFound: 'Foto não encontrada',
  gone: 'Esta foto foi removida.',
  tooManyPixels:
    'A foto tem resolução grande demais (máximo de 40 megapixels). Reduza e envie de novo.',
  serverBusy: 'O servidor não conseguiu processar a foto agora. Ela será enviada de novo.',
  badOrder: 'A ordem deve listar cada foto do produto uma vez.',
} as const;

/**
 * A product's photos as its rows carry them: `photos: [{ id, url, width, height }]`, ordered by
 * `position`. `url` is the largest size in WebP (`/media/<hash>-1200.webp`); the others are the
 * same name with another width and/or `.jpg` (`photoUrl`). width/height are that size's.
 */
export const PRODUCT_PHOTOS = {
  kind: 'product-photo',
  table: 'product_photos',
  parentKey: 'product_id',
  field: 'photos',
  orderBy: 'position',
  travels: { feed: true, list: true },
  columns: {
    id: idField,
    url: field('text', 'url'),
    width: field('integer', 'width'),
    height: field('integer', 'height'),
    position: field('integer', 'position', { list: false, feed: false, device: false }),
    createdAt: field('timestamp', 'created_at', { list: false, feed: false, device: false }),
  },
} as const satisfies ChildDescriptor;

/** A photo as the product's JSON carries it. */
export type ApiPhoto = { id: string; url: string; width: number; height: number };

const MEDIA_NAME = /^\/media\/([A-Za-z0-9_-]{20,64})-(160|480|1200)\.(webp|jpg)$/;

/** The URL of one size and format of a photo, from the `url` its row carries. */
export function photoUrl(url: string, width: PhotoWidth, format: 'webp' | 'jpg' = 'webp'): string {
  const match = MEDIA_NAME.exec(url);
  if (!match) return url;
  return `/media/${match[1]}-${width}.${format}`;
}

/** The real width of a size (a photo narrower than the size keeps its own). */
export function photoWidthAt(photo: Pick<ApiPhoto, 'width'>, width: PhotoWidth): number {
  return Math.min(width, photo.width);
}

/**
 * Campaign images: a data URL is hostile input. The bytes decide the type (JPEG, PNG or WebP),
 * sharp re-encodes them as a JPEG without metadata (EXIF, GPS) and scaled down, and the result
 * lives in the database under an unguessable id so every API process can serve it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { CAMPAIGN_IMAGE_MAX_BYTES, CAMPAIGN_TEXTS } from '../../../src/domain/campaigns';
import type { Db } from '../../db/client';
import { firstRow } from '../../db/first-row';
import { campaignImages } from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';

/** Longest side after scaling: plenty for a phone screen, small for the gateway to fetch. */
const MAX_SIDE = 1600;
/** Refuse decompression bombs before sharp allocates their pixels. */
const MAX_INPUT_PIXELS = 50_000_000;
/** The public path images are served at (no auth: the gateway fetches it). */
export const IMAGE_PATH = '/api/campanhas/imagens/';
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The type the bytes really are, whatever the data URL declared. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'jpeg';
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

const INVALID = 'Envie uma imagem JPEG, PNG ou WebP';

/** `data:image/...;base64,...` (or bare base64) → bytes; 413 over 5 MB, 400 when not base64. */
export function decodeImageDataUrl(value: unknown): Buffer {
  if (typeof value !== 'string' || value.length === 0) throw new ApiError(400, INVALID);
  const comma = value.indexOf(',');
  const header = comma >= 0 ? value.slice(0, comma) : '';
  if (comma >= 0 && !/^data:[\w.+/-]*(;[\w=.+-]+)*;base64$/i.test(header)) {
    throw new ApiError(400, INVALID);
  }
  const b64 = (comma >= 0 ? value.slice(comma + 1) : value).replace(/\s+/g, '');
  // Checked on the text before decoding anything: 4 characters carry 3 bytes.
  if (Math.floor((b64.length * 3) / 4) - 2 > CAMPAIGN_IMAGE_MAX_BYTES) {
    throw new ApiError(413, CAMPAIGN_TEXTS.imageTooLarge);
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw new ApiError(400, INVALID);
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > CAMPAIGN_IMAGE_MAX_BYTES) {
    throw new ApiError(413, CAMPAIGN_TEXTS.imageTooLarge);
  }
  return bytes;
}

export type ProcessedImage = { bytes: Buffer; width: number; height: number; mimeType: string };

/** Re-encodes as JPEG: upright (EXIF orientation applied), no metadata, longest side ≤ 1600. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (!sniffImage(bytes)) throw new ApiError(400, INVALID);
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, mimeType: 'image/jpeg' };
  } catch {
    // sharp refuses what it cannot decode: the owner's file, not a server fault.
    throw new ApiError(400, 'Imagem inválida ou corrompida');
  }
}

export function newImageId(): string {
  return randomBytes(32).toString('base64url');
}

export function imageUrlFor(publicBase: string, id: string): string {
  return `${publicBase.replace(/\/+$/, '')}${IMAGE_PATH}${id}`;
}

/** The image id inside one of our image URLs (any host: PUBLIC_URL may have changed). */
export function imageIdFromUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://x').pathname;
  } catch {
    return null; // not a URL at all, so not one of ours
  }
  if (!path.startsWith(IMAGE_PATH)) return null;
  const id = path.slice(IMAGE_PATH.length);
  return ID_PATTERN.test(id) ? id : null;
}

export async function saveImage(db: Db, storeId: string, image: ProcessedImage): Promise<string> {
  const id = newImageId();
  await db.insert(campaignImages).values({ id, storeId, ...image });
  return id;
}

export async function storeOwnsImage(db: Db | Tx, storeId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: campaignImages.id })
    .from(campaignImages)
    .where(and(eq(campaignImages.id, id), eq(campaignImages.storeId, storeId)))
    .limit(1);
  return Boolean(row);
}

export async function loadImage(db: Db, id: string) {
  if (!ID_PATTERN.test(id)) return null;
  return firstRow(
    db
      .select({ bytes: campaignImages.bytes, mimeType: campaignImages.mimeType })
      .from(campaignImages)
      .where(eq(campaignImages.id, id)),
  );
}

/**
 * An uploaded photo is hostile input: its bytes decide whether it is an image, and sharp decodes
 * and re-encodes it into every size the pages need, so the uploaded bytes (and their metadata:
 * EXIF, GPS) are never served.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_TEXTS, PHOTO_WIDTHS } from '../../../src/domain/photo';
import { ApiError } from '../../http';
import { sniffImage } from '../campaigns/images';
import type { MediaFile } from './media-types';

/**
 * Six encodes per upload run on the API's CPU: WebP effort 2 (of 0–6) and plain libjpeg (not
 * mozjpeg) halve their time for ~7 % more bytes (docs/benchmarks.md, "Product photos").
 */
const WEBP_EFFORT = 2;
/** Refuse decompression bombs before sharp allocates their pixels (a 48 MP photo passes). */
const MAX_INPUT_PIXELS = 60_000_000;

export type EncodedPhoto = {
  hash: string;
  /** The largest size's dimensions (the `url` of the product's photo). */
  width: number;
  height: number;
  files: { name: string; file: MediaFile }[];
};

/** The content address of an upload: SHA-256 of its bytes, base64url (43 characters). */
export function photoHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64url');
}

export const mediaName = (hash: string, width: number, ext: 'webp' | 'jpg') =>
  `${hash}-${width}.${ext}`;

/** Every stored name of a photo. */
export const mediaNamesOf = (hash: string) =>
  PHOTO_WIDTHS.flatMap((w) => [mediaName(hash, w, 'webp'), mediaName(hash, w, 'jpg')]);

/** 400 unless the bytes are a JPEG, PNG or WebP sharp can decode. */
export async function encodePhoto(bytes: Buffer, hash: string): Promise<EncodedPhoto> {
  if (!sniffImage(bytes)) throw new ApiError(400, PHOTO_TEXTS.notImage);
  try {
    // One decode, upright (EXIF orientation applied), then each size from it.
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' });
    const files: EncodedPhoto['files'] = [];
    let largest = { width: 0, height: 0 };
    for (const width of PHOTO_WIDTHS) {
      const sized = upright.clone().resize({ width, withoutEnlargement: true });
      const webp = await sized
        .clone()
        .webp({ quality: 78, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      const jpeg = await sized.clone().jpeg({ quality: 80 }).toBuffer();
      files.push({
        name: mediaName(hash, width, 'webp'),
        file: { contentType: 'image/webp', bytes: webp.data },
      });
      files.push({
        name: mediaName(hash, width, 'jpg'),
        file: { contentType: 'image/jpeg', bytes: jpeg },
      });
      largest = { width: webp.info.width, height: webp.info.height };
    }
    return { hash, ...largest, files };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // sharp refuses what it cannot decode (a truncated or forged file): the sender's fault.
    throw new ApiError(400, PHOTO_TEXTS.notImage);
  }
}

/**
 * An uploaded photo is hostile input: its bytes decide whether it is an image, and sharp decodes
 * and re-encodes it into every size the pages need, so the uploaded bytes (and their metadata:
 * EXIF, GPS) are never served.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { PHOTO_TEXTS, PHOTO_WIDTHS } from '../../../src/domain/photo';
import { ApiError } from '../../lib/api-input';
import { logger } from '../../logger';
import { sniffImage } from '../campaigns/images';
import type { MediaFile } from './media-types';

/**
 * Six encodes per upload run on the API's CPU: WebP effort 2 (of 0–6) and plain libjpeg (not
 * mozjpeg) halve their time for ~7 % more bytes (docs/benchmarks.md, "Product photos").
 */
const WEBP_EFFORT = 2;
/**
 * The most pixels an upload may have: 40 MP (a 59 MP PNG of 188 KB cost 1.2–8 s of CPU and
 * ~100 MB). Phones resize to ≤ 1600 px before sending (resize-photo.ts), so only a hand-made
 * upload meets it. Read from the header, before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/** An encode longer than this is the server's trouble (its CPU shared), not the photo's. */
const ENCODE_TIMEOUT_SECONDS = 30;
/**
 * Failures that are the server's (memory, threads, files, time), answered 503 so the phone sends
 * the photo again; anything else sharp says is about the bytes (truncated, forged): 400.
 */
const SERVER_FAULT =
  /out of memory|bad_alloc|cannot allocate|memory allocation|ENOMEM|EMFILE|ENFILE|EAGAIN|thread|timeout/i;

/** 503 for the server's failure, 400 for the upload's. */
export function encodeFailure(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (SERVER_FAULT.test(message)) {
    logger.warn('photo encode failed on the server', { error: message });
    return new ApiError(503, PHOTO_TEXTS.serverBusy);
  }
  return new ApiError(400, PHOTO_TEXTS.notImage);
}

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

/** The pixels the header declares (every frame of an animation), or 400 when it has none. */
async function inputPixels(bytes: Buffer): Promise<number> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw encodeFailure(error);
  }
  if (!meta.width || !meta.height) throw new ApiError(400, PHOTO_TEXTS.notImage);
  return meta.width * (meta.pageHeight && meta.pages ? meta.pageHeight * meta.pages : meta.height);
}

/**
 * 400 unless the bytes are a JPEG, PNG or WebP sharp can decode; 413 past MAX_INPUT_PIXELS;
 * 503 when the server failed (encodeFailure).
 */
export async function encodePhoto(bytes: Buffer, hash: string): Promise<EncodedPhoto> {
  if (!sniffImage(bytes)) throw new ApiError(400, PHOTO_TEXTS.notImage);
  if ((await inputPixels(bytes)) > MAX_INPUT_PIXELS) {
    throw new ApiError(413, PHOTO_TEXTS.tooManyPixels);
  }
  try {
    // One decode, upright (EXIF orientation applied), then each size from it.
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
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
    throw encodeFailure(error);
  }
}

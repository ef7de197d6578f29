/**
 * A photo decoded upright at no more pixels than its resize needs. A JPEG can be decoded
 * straight at k/8 of its size (the decoder skips most of the inverse DCT work): a 12 MP camera
 * photo is decoded at 2000×1500 instead of 4000×3000, a quarter of the pixels to make and
 * to draw. WebCodecs' ImageDecoder does that when given the size wanted (Chromium picks the
 * largest k/8 scale whose area fits it); createImageBitmap(blob, { resizeWidth }) does not (it
 * decodes the whole image, then scales: measured, decision 020). Elsewhere (Safari, Firefox
 * without ImageDecoder, PNG, WebP, HEIC), the whole image is decoded as before.
 */

/** JPEG's start-of-frame markers (baseline, progressive, lossless, arithmetic…). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** The frame header follows the EXIF block, itself at most 64 KB. */
const HEAD_BYTES = 128 * 1024;

/** A JPEG's stored size (before its EXIF orientation), from its frame header; null otherwise. */
export async function jpegSize(source: Blob): Promise<{ width: number; height: number } | null> {
  const bytes = new DataView(await source.slice(0, HEAD_BYTES).arrayBuffer());
  if (bytes.byteLength < 4 || bytes.getUint16(0) !== 0xffd8) return null;
  let at = 2;
  while (at + 9 <= bytes.byteLength) {
    if (bytes.getUint8(at) !== 0xff) return null;
    const marker = bytes.getUint8(at + 1);
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (SOF.has(marker)) {
      return { height: bytes.getUint16(at + 5), width: bytes.getUint16(at + 7) };
    }
    at += 2 + bytes.getUint16(at + 2);
  }
  return null;
}

/** The smallest k/8 of `width`×`height` whose long side still reaches `maxSide`. */
export function scaledDecodeSize(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } | null {
  const eighths = Math.ceil((8 * maxSide) / Math.max(width, height));
  if (eighths >= 8) return null;
  return { width: Math.ceil((width * eighths) / 8), height: Math.ceil((height * eighths) / 8) };
}

/** Decoded smaller through ImageDecoder; null where it cannot (the whole decode follows). */
async function decodeScaled(source: Blob, maxSide: number): Promise<ImageBitmap | null> {
  if (typeof ImageDecoder === 'undefined') return null;
  // By its bytes, not its declared type (some galleries give none).
  const size = await jpegSize(source);
  const wanted = size && scaledDecodeSize(size.width, size.height, maxSide);
  if (!wanted) return null;
  const decoder = new ImageDecoder({
    data: source.stream(),
    type: 'image/jpeg',
    desiredWidth: wanted.width,
    desiredHeight: wanted.height,
  });
  try {
    const { image } = await decoder.decode();
    // The frame carries the EXIF orientation (rotation, flip); the bitmap applies it.
    const bitmap = await createImageBitmap(image).finally(() => image.close());
    if (Math.max(bitmap.width, bitmap.height) >= maxSide) return bitmap;
    bitmap.close();
    return null;
  } finally {
    decoder.close();
  }
}

/**
 * Upright, at least `maxSide` on its long side when the photo is that large. Throws when the
 * browser cannot decode the bytes at all.
 */
export async function decodeUpright(source: Blob, maxSide: number): Promise<ImageBitmap> {
  try {
    const scaled = await decodeScaled(source, maxSide);
    if (scaled) return scaled;
  } catch (error) {
    // A JPEG this decoder refuses (or a browser whose ImageDecoder differs): the whole decode
    // below decides whether it is a photo at all.
    console.warn('scaled decode failed', error);
  }
  return createImageBitmap(source, { imageOrientation: 'from-image' });
}

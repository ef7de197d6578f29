/**
 * A camera photo made small on the device: decoded upright (EXIF orientation applied by
 * createImageBitmap), scaled to at most 1600 px on its long side, and encoded WebP (JPEG where the
 * browser cannot). Drawing the pixels into a new canvas keeps none of the file's metadata: the
 * GPS position and the camera's EXIF never leave the phone. Runs in a worker or on the page.
 */

/** The long side of what is uploaded (the server's largest size is 1200 px wide). */
export const MAX_LONG_SIDE = 1600;
const WEBP_QUALITY = 0.8;
const JPEG_QUALITY = 0.82;

export type ResizedPhoto = { blob: Blob; width: number; height: number };

/** The file is not an image this browser can decode (a PDF, HEIC where unsupported…). */
export class UndecodablePhotoError extends Error {
  constructor() {
    super('undecodable photo');
  }
}

/** The size that fits inside `max` on the long side, never enlarged, at least 1 px. */
export function fitInside(
  width: number,
  height: number,
  max: number,
): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export async function resizePhoto(source: Blob, maxSide = MAX_LONG_SIDE): Promise<ResizedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(source, { imageOrientation: 'from-image' });
  } catch {
    // The browser's decoder refused the bytes: the owner picked something that is not a photo.
    throw new UndecodablePhotoError();
  }
  try {
    const { width, height } = fitInside(bitmap.width, bitmap.height, maxSide);
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    let blob = await canvas.convertToBlob({ type: 'image/webp', quality: WEBP_QUALITY });
    // Safari before 17 answers PNG when asked for WebP: JPEG is far smaller than that.
    if (blob.type !== 'image/webp') {
      blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    }
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}

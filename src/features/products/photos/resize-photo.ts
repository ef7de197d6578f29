/**
 * A camera photo made small on the device: decoded upright (EXIF orientation applied by
 * createImageBitmap), scaled to at most 1600 px on its long side, and encoded WebP (JPEG where the
 * browser cannot). Drawing the pixels into a new canvas keeps none of the file's metadata: the
 * GPS position and the camera's EXIF never leave the phone. Runs in a worker or on the page.
 */

/** The long side of what is uploaded (the server's largest size is 1200 px wide). */
export const MAX_LONG_SIDE = 1600;
/** Tried in turn until the photo fits the budget: most camera photos fit at the first. */
const QUALITIES = [0.8, 0.68, 0.55];
/** What one photo may weigh on the wire (issue 21: a 12 MP photo becomes ≤ 300 KB). */
export const TARGET_BYTES = 300 * 1024;

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
    // Safari before 17 answers PNG when asked for WebP: JPEG is far smaller than that.
    let type = 'image/webp';
    let blob = await canvas.convertToBlob({ type, quality: QUALITIES[0] });
    if (blob.type !== type) {
      type = 'image/jpeg';
      blob = await canvas.convertToBlob({ type, quality: QUALITIES[0] });
    }
    // A grainy (low light) photo can weigh more: a lower quality, never a second scaling.
    for (const quality of QUALITIES.slice(1)) {
      if (blob.size <= TARGET_BYTES) break;
      blob = await canvas.convertToBlob({ type, quality });
    }
    return { blob, width, height };
  } finally {
    bitmap.close();
  }
}

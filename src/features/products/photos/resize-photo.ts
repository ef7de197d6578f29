/**
 * A camera photo made small on the device: decoded upright (EXIF orientation applied by
 * createImageBitmap), scaled to at most 1600 px on its long side, and encoded WebP (JPEG where the
 * browser cannot). Drawing the pixels into a new canvas keeps none of the file's metadata: the
 * GPS position and the camera's EXIF never leave the phone. Runs in a worker or on the page.
 *
 * Speed (decision 020): a JPEG is decoded at the fraction of its size the resize needs
 * (decode-photo.ts), and the WebP encode, most of what is left, is done once: its quality is
 * picked from a mosaic of small full-resolution tiles taken across the photo (about a tenth of
 * its pixels), whose bytes predict the whole photo's; a second full encode only happens when the
 * prediction was wrong.
 */

import { decodeUpright } from './decode-photo';

/** The long side of what is uploaded (the server's largest size is 1200 px wide). */
export const MAX_LONG_SIDE = 1600;
/** The mosaic's two qualities: most camera photos fit at the first. */
const HIGH = 0.8;
const LOW = 0.6;
/** The planned quality is a multiple of this. */
const STEP = 0.05;
/** Stepped down in turn when an encode misses the budget after all (rare). */
const QUALITIES = [0.8, 0.7, 0.6, 0.5];
/** What one photo may weigh on the wire (issue 21: a 12 MP photo becomes ≤ 300 KB). */
export const TARGET_BYTES = 300 * 1024;
/** The prediction's margin: a mosaic's bytes are within a few percent of the whole's. */
const PREDICTED_SHARE = 0.92;
/** Tiles per side of the mosaic and the largest tile (4 × 112 px: ~10 % of a 1200×1600 photo). */
const GRID = 4;
const TILE = 112;

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

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  return context;
}

/** GRID × GRID tiles at full resolution, centred on a regular grid across the canvas. */
function mosaicOf(canvas: OffscreenCanvas): OffscreenCanvas | null {
  const tile = Math.min(TILE, Math.floor(canvas.width / GRID), Math.floor(canvas.height / GRID));
  // A small photo is cheap to encode twice; a mosaic would not save anything.
  if (tile < TILE / 2 || canvas.width * canvas.height < 4 * (GRID * TILE) ** 2) return null;
  const mosaic = new OffscreenCanvas(tile * GRID, tile * GRID);
  const context = context2d(mosaic);
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      const sx = Math.round(((i + 0.5) * canvas.width) / GRID - tile / 2);
      const sy = Math.round(((j + 0.5) * canvas.height) / GRID - tile / 2);
      context.drawImage(canvas, sx, sy, tile, tile, i * tile, j * tile, tile, tile);
    }
  }
  return mosaic;
}

/** WebP, or JPEG where the browser answers another type (Safari before 17 answers PNG). */
async function encode(canvas: OffscreenCanvas, type: string, quality: number): Promise<Blob> {
  const blob = await canvas.convertToBlob({ type, quality });
  return blob.type === type ? blob : canvas.convertToBlob({ type: 'image/jpeg', quality });
}

const LOWEST = QUALITIES[QUALITIES.length - 1] ?? 0.5;

/**
 * The format and the highest quality whose predicted bytes fit the budget: the mosaic encoded at
 * HIGH, and when that is over, at LOW; between the two the bytes grow about exponentially with
 * the quality, so the quality is read off that curve (two small encodes, not one per quality).
 */
async function planEncode(canvas: OffscreenCanvas): Promise<{ type: string; quality: number }> {
  const mosaic = mosaicOf(canvas);
  if (!mosaic) return { type: 'image/webp', quality: HIGH };
  const scale = (canvas.width * canvas.height) / (mosaic.width * mosaic.height);
  const budget = TARGET_BYTES * PREDICTED_SHARE;
  const high = await encode(mosaic, 'image/webp', HIGH);
  const type = high.type;
  const atHigh = high.size * scale;
  if (atHigh <= budget) return { type, quality: HIGH };
  const atLow = (await encode(mosaic, type, LOW)).size * scale;
  if (atLow > budget) return { type, quality: LOWEST };
  if (atHigh <= atLow) return { type, quality: LOW };
  const fit = LOW + ((HIGH - LOW) * Math.log(budget / atLow)) / Math.log(atHigh / atLow);
  // Rounded down to a step (the small epsilon keeps 0.7 from becoming 0.65 by float error).
  return { type, quality: Math.max(LOW, Math.floor(fit / STEP + 1e-6) * STEP) };
}

export async function resizePhoto(source: Blob, maxSide = MAX_LONG_SIDE): Promise<ResizedPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await decodeUpright(source, maxSide);
  } catch {
    // The browser's decoder refused the bytes: the owner picked something that is not a photo.
    throw new UndecodablePhotoError();
  }
  let canvas: OffscreenCanvas;
  try {
    const { width, height } = fitInside(bitmap.width, bitmap.height, maxSide);
    canvas = new OffscreenCanvas(width, height);
    const context = context2d(canvas);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
  } finally {
    // The full-size pixels (48 MB for 12 MP) go before the encode, not after it.
    bitmap.close();
  }
  const { type, quality } = await planEncode(canvas);
  let blob = await encode(canvas, type, quality);
  // The prediction missed (a photo busier outside the tiles): a lower quality, never a rescale.
  for (const lower of QUALITIES.filter((q) => q < quality)) {
    if (blob.size <= TARGET_BYTES) break;
    blob = await canvas.convertToBlob({ type: blob.type, quality: lower });
  }
  return { blob, width: canvas.width, height: canvas.height };
}

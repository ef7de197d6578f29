/** Photo fixtures for the API tests: real images made with sharp, uploads and file reads. */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Owner } from './fixtures';
import type { TestApp } from './test-app';

/** What a phone writes in its photos: the camera and the GPS position (never to leave it). */
export const PHONE_EXIF = {
  IFD0: { Make: 'Talí Phone', Model: 'Camera 12MP' },
  IFD3: {
    GPSLatitudeRef: 'S',
    GPSLatitude: '23/1 33/1 0/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '46/1 38/1 0/1',
  },
};

/**
 * A camera-like JPEG: landscape pixels with EXIF orientation 6 (shown upright it is portrait), a
 * GPS position and a camera model, as a phone writes them.
 */
export async function cameraJpeg(width = 1600, height = 1200, hue = 30): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: hue, b: 80 } },
  })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif(PHONE_EXIF)
    .toBuffer();
}

export async function uploadPhoto(
  t: TestApp,
  owner: Owner,
  productId: string,
  photoId: string,
  bytes: Buffer | Uint8Array,
  type = 'image/jpeg',
) {
  const res = await t.app.request(`/api/products/${productId}/photos/${photoId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

export type PhotoJson = { id: string; url: string; width: number; height: number };
/** A product as the API answers it, with its photos. */
export type WithPhotos = { id: string; revision: number; photos: PhotoJson[] };

export async function createProduct(t: TestApp, owner: Owner, id: string, name = 'Bolo de pote') {
  const res = await t.call('POST', '/api/products', { id, name, price: '12.50' }, owner.token);
  expect(res.status).toBe(201);
  return res.body as { id: string; revision: number; photos: PhotoJson[] };
}

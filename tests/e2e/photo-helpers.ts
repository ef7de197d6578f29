/** Photos for the browser tests: camera-like JPEGs, and the product's photos on the server. */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { PHONE_EXIF } from '../api/photo-helpers';
import { launchPhone, type Phone } from './browser';
import { type ApiOwner, api, createOwnerWithStore } from './offline-helpers';

/** A camera-like JPEG: left half red, right half `right`, EXIF orientation 6 and a GPS position. */
export async function cameraJpeg(
  width: number,
  height: number,
  right = '#0000ff',
): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const red = await sharp({
    create: { width: half, height, channels: 3, background: '#ff0000' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: right } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withExif(PHONE_EXIF)
    .toBuffer();
}

/** A photo uploaded from "another phone" (straight to the API). */
export async function uploadFromAnotherPhone(
  baseUrl: string,
  token: string,
  productId: string,
  bytes: Buffer,
): Promise<number> {
  const res = await fetch(`${baseUrl}/api/products/${productId}/photos/${randomUUID()}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  return res.status;
}

export type ServerProduct = { id: string; name: string; photos: { id: string; url: string }[] };

/** An owner with a store and one product, made through the API, and a phone at 390×844. */
export async function ownerWithProduct(
  baseUrl: string,
  storeName: string,
  product: { id: string; name: string; price: string },
): Promise<{ owner: ApiOwner; phone: Phone }> {
  const owner = await createOwnerWithStore(baseUrl, storeName);
  const created = await api(baseUrl, 'POST', '/api/products', owner.token, product);
  if (created.status !== 201) throw new Error(`product: ${created.status}`);
  return { owner, phone: await launchPhone(baseUrl) };
}

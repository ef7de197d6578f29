/**
 * Photos for the storefront bench (PHOTOS=1 npx tsx bench/storefront.ts): every product gets a
 * cover, from 10 distinct camera-like photos (the same bytes reuse their stored files, as when an
 * owner photographs many products).
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { productPhotos } from '../server/db/schema';
import type { TestApp } from '../tests/api/test-app';

export const withPhotos = () => process.env.PHOTOS === '1';
const DISTINCT = 10;

async function benchPhotos(): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: DISTINCT }, (_, i) =>
      sharp({
        create: {
          width: 1600,
          height: 1200,
          channels: 3,
          background: { r: 40 + i * 20, g: 120, b: 200 - i * 15 },
          noise: { type: 'gaussian', mean: 128, sigma: 20 },
        },
      })
        .resize(1600, 1200)
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
}

async function put(baseUrl: string, token: string, productId: string, bytes: Buffer) {
  const res = await fetch(`${baseUrl}/api/products/${productId}/photos/${randomUUID()}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(bytes),
  });
  if (res.status !== 201) throw new Error(`photo upload: ${res.status} ${await res.text()}`);
}

/** In process: 10 photos uploaded through the API, the other covers written as rows. */
export async function addBenchPhotos(
  t: TestApp,
  owner: { token: string; storeId: string },
  rows: readonly { id: string }[],
): Promise<void> {
  const photos = await benchPhotos();
  const first: { hash: string; url: string; width: number; height: number }[] = [];
  for (const [i, bytes] of photos.entries()) {
    const productId = rows[i]?.id ?? '';
    const res = await t.app.request(`/api/products/${productId}/photos/${randomUUID()}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(bytes),
    });
    if (res.status !== 201) throw new Error(`photo upload: ${res.status}`);
  }
  for (const row of await t.db.select().from(productPhotos)) first.push(row);
  const rest = rows.slice(DISTINCT).map((row, i) => {
    const photo = first[i % first.length] ?? { hash: '', url: '', width: 0, height: 0 };
    return {
      id: randomUUID(),
      storeId: owner.storeId,
      productId: row.id,
      position: 0,
      hash: photo.hash,
      url: photo.url,
      width: photo.width,
      height: photo.height,
    };
  });
  if (rest.length > 0) await t.db.insert(productPhotos).values(rest);
}

/** On the real server: one photo per product through the API. */
export async function uploadBenchPhotos(baseUrl: string, token: string): Promise<void> {
  const photos = await benchPhotos();
  const res = await fetch(`${baseUrl}/api/products`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const products = (await res.json()) as { id: string }[];
  for (const [i, p] of products.entries()) {
    await put(baseUrl, token, p.id, photos[i % DISTINCT] as Buffer);
  }
}

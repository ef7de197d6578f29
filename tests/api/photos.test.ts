/**
 * Product photos through the API (issue 21): the sizes, idempotent uploads, limits, hostile
 * bytes, isolation between stores, removal and order. PGlite and PostgreSQL.
 */
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '../../server/db/schema';
import { createOwner, newId, type Owner } from './fixtures';
import {
  cameraJpeg,
  createProduct,
  type PhotoJson,
  uploadPhoto,
  type WithPhotos,
} from './photo-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let owner: Owner;
let camera: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
  camera = await cameraJpeg();
});
afterAll(() => t.close());

const fileCount = async () => (await t.db.select({ n: count() }).from(mediaFiles))[0]?.n ?? 0;

async function getMedia(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('uploading a photo', () => {
  it('answers the product with the photo, upright, in every size, without the camera metadata', async () => {
    const productId = newId();
    const before = await createProduct(t, owner, productId);
    const photoId = newId();
    const put = await uploadPhoto(t, owner, productId, photoId, camera);
    expect(put.status).toBe(201);
    const photos = put.body.photos as PhotoJson[];
    expect(photos).toHaveLength(1);
    const [photo] = photos;
    // 1600×1200 with orientation 6 is a 1200×1600 portrait, already at the largest width.
    expect(photo).toEqual({
      id: photoId,
      url: expect.stringMatching(/^\/media\/[A-Za-z0-9_-]{43}-1200\.webp$/),
      width: 1200,
      height: 1600,
    });
    expect(put.body.revision as number).toBeGreaterThan(before.revision);

    for (const [size, format, type] of [
      [160, 'webp', 'image/webp'],
      [480, 'webp', 'image/webp'],
      [1200, 'webp', 'image/webp'],
      [160, 'jpg', 'image/jpeg'],
      [480, 'jpg', 'image/jpeg'],
      [1200, 'jpg', 'image/jpeg'],
    ] as const) {
      const url = photo?.url.replace('-1200.webp', `-${size}.${format}`) ?? '';
      const { res, bytes } = await getMedia(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      const meta = await sharp(bytes).metadata();
      expect(meta.width).toBe(size);
      expect(meta.height).toBe(Math.round((size * 4) / 3));
      // Re-encoded: no EXIF (GPS, camera), no orientation tag left to apply twice.
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(bytes.includes(Buffer.from('Talí Phone'))).toBe(false);
    }
  });

  it('shows the photos in the list, the sync feed and the one-row read', async () => {
    const productId = newId();
    await createProduct(t, owner, productId, 'Pão de mel');
    const photoId = newId();
    await uploadPhoto(t, owner, productId, photoId, camera);
    const list = (await t.call<WithPhotos[]>('GET', '/api/products', undefined, owner.token)).body;
    const listed = list.find((p) => p.id === productId);
    expect(listed?.photos.map((p) => p.id)).toEqual([photoId]);
    const feed = (
      await t.call<{ products: WithPhotos[] }>('GET', '/api/sync?since=0', undefined, owner.token)
    ).body;
    const fed = feed.products.find((p) => p.id === productId);
    expect(fed?.photos).toEqual(listed?.photos);
    const one = (
      await t.call<WithPhotos>('GET', `/api/sync/products/${productId}`, undefined, owner.token)
    ).body;
    expect(one.photos).toEqual(listed?.photos);
  });

  it('stores nothing twice when the same upload is replayed', async () => {
    const productId = newId();
    await createProduct(t, owner, productId);
    const photoId = newId();
    const first = await uploadPhoto(t, owner, productId, photoId, await cameraJpeg(800, 600, 90));
    const files = await fileCount();
    const again = await uploadPhoto(t, owner, productId, photoId, await cameraJpeg(800, 600, 90));
    expect(again.status).toBe(200);
    expect(again.body.revision).toBe(first.body.revision);
    expect(again.body.photos).toEqual(first.body.photos);
    expect(await fileCount()).toBe(files);
  });

  it('keeps a small photo at its own width (never enlarged)', async () => {
    const productId = newId();
    await createProduct(t, owner, productId);
    const small = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const put = await uploadPhoto(t, owner, productId, newId(), small, 'image/png');
    expect(put.status).toBe(201);
    const [photo] = put.body.photos as PhotoJson[];
    expect(photo).toMatchObject({ width: 300, height: 200 });
    const { bytes } = await getMedia(photo?.url.replace('-1200.', '-480.') ?? '');
    expect((await sharp(bytes).metadata()).width).toBe(300);
  });
});

describe('refused uploads', () => {
  let productId: string;
  beforeAll(async () => {
    productId = newId();
    await createProduct(t, owner, productId);
  });

  it('refuses a photo over 2 MB with 413', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 1);
    big.set([0xff, 0xd8, 0xff], 0);
    const put = await uploadPhoto(t, owner, productId, newId(), big);
    expect(put.status).toBe(413);
    expect(put.body.message).toBe('A foto deve ter no máximo 2 MB.');
  });

  it('refuses bytes that are not an image, whatever the Content-Type says', async () => {
    const fake = Buffer.from('<script>alert(1)</script> not a JPEG');
    const put = await uploadPhoto(t, owner, productId, newId(), fake, 'image/jpeg');
    expect(put.status).toBe(400);
    expect(put.body.message).toBe('Envie uma foto JPEG, PNG ou WebP.');
    // A real JPEG header followed by garbage: sniffed as JPEG, refused by the decoder.
    const forged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    expect((await uploadPhoto(t, owner, productId, newId(), forged)).status).toBe(400);
    expect((await uploadPhoto(t, owner, productId, newId(), camera, 'text/plain')).status).toBe(
      400,
    );
    const product = await t.call('GET', `/api/sync/products/${productId}`, undefined, owner.token);
    expect(product.body.photos).toEqual([]);
  });

  it('takes at most 5 photos per product', async () => {
    const id = newId();
    await createProduct(t, owner, id);
    const jpeg = await cameraJpeg(200, 150);
    for (let i = 0; i < 5; i++) {
      expect((await uploadPhoto(t, owner, id, newId(), jpeg)).status).toBe(201);
    }
    const sixth = await uploadPhoto(t, owner, id, newId(), jpeg);
    expect(sixth.status).toBe(400);
    expect(sixth.body.message).toBe('Um produto pode ter no máximo 5 fotos.');
  });
});

describe('isolation between stores', () => {
  it("answers 404 for another store's product and photo, and changes nothing of theirs", async () => {
    const other = await createOwner(t, 'Outra Loja');
    const theirProduct = newId();
    await createProduct(t, other, theirProduct);
    const theirPhoto = newId();
    await uploadPhoto(t, other, theirProduct, theirPhoto, camera);

    expect((await uploadPhoto(t, owner, theirProduct, newId(), camera)).status).toBe(404);
    const del = await t.call(
      'DELETE',
      `/api/products/${theirProduct}/photos/${theirPhoto}`,
      undefined,
      owner.token,
    );
    expect(del.status).toBe(404);
    // Their photo id under my own product: not confirmed to exist, not taken over.
    const mine = newId();
    await createProduct(t, owner, mine);
    expect((await uploadPhoto(t, owner, mine, theirPhoto, camera)).status).toBe(404);
    const theirs = await t.call<WithPhotos>(
      'GET',
      `/api/sync/products/${theirProduct}`,
      undefined,
      other.token,
    );
    expect(theirs.body.photos.map((p: PhotoJson) => p.id)).toEqual([theirPhoto]);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.request(`/api/products/${newId()}/photos/${newId()}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(camera),
    });
    expect(res.status).toBe(401);
  });
});

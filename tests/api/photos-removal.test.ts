/**
 * Product photos through the API (issue 21): serving the files (immutable, ETag, 304), removal
 * (files gone unless another photo shows them, a late upload refused) and order. PGlite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t);
});
afterAll(() => t.close());

async function getMedia(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.request(url, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('serving the files', () => {
  it('serves them immutable with an ETag, and 304 when the client has them', async () => {
    const productId = newId();
    await createProduct(t, owner, productId);
    const put = await uploadPhoto(t, owner, productId, newId(), await cameraJpeg(640, 480, 10));
    const [photo] = put.body.photos as PhotoJson[];
    const { res } = await getMedia(photo?.url ?? '');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect(res.headers.get('vary') ?? '').not.toMatch(/accept(?!-)/i);
    const again = await getMedia(photo?.url ?? '', { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    // A name that is not a photo's: 404, nothing read from the disk or the database.
    expect((await getMedia('/media/..%2F..%2Fetc%2Fpasswd')).res.status).toBe(404);
    expect((await getMedia(`/media/${'a'.repeat(43)}-480.webp`)).res.status).toBe(404);
  });
});

describe('removing and ordering', () => {
  it('removes a photo: gone from the product and its files; a repeat is still 204; its upload replayed late is 410', async () => {
    const productId = newId();
    await createProduct(t, owner, productId);
    const photoId = newId();
    const jpeg = await cameraJpeg(500, 400, 150);
    const put = await uploadPhoto(t, owner, productId, photoId, jpeg);
    const [photo] = put.body.photos as PhotoJson[];
    const path = `/api/products/${productId}/photos/${photoId}`;
    expect((await t.call('DELETE', path, undefined, owner.token)).status).toBe(204);
    const after = await t.call('GET', `/api/sync/products/${productId}`, undefined, owner.token);
    expect(after.body.photos).toEqual([]);
    expect(after.body.revision).toBeGreaterThan(put.body.revision as number);
    expect((await getMedia(photo?.url ?? '')).res.status).toBe(404);
    expect((await t.call('DELETE', path, undefined, owner.token)).status).toBe(204);
    const late = await uploadPhoto(t, owner, productId, photoId, jpeg);
    expect(late.status).toBe(410);
  });

  it('keeps files another photo still shows', async () => {
    const a = newId();
    const b = newId();
    await createProduct(t, owner, a);
    await createProduct(t, owner, b);
    const jpeg = await cameraJpeg(300, 300, 222);
    const first = newId();
    await uploadPhoto(t, owner, a, first, jpeg);
    const second = await uploadPhoto(t, owner, b, newId(), jpeg);
    await t.call('DELETE', `/api/products/${a}/photos/${first}`, undefined, owner.token);
    const [photo] = second.body.photos as PhotoJson[];
    expect((await getMedia(photo?.url ?? '')).res.status).toBe(200);
  });

  it('orders the photos: the first is the cover', async () => {
    const productId = newId();
    await createProduct(t, owner, productId);
    const ids = [newId(), newId(), newId()];
    for (const [i, id] of ids.entries()) {
      await uploadPhoto(t, owner, productId, id, await cameraJpeg(200, 200, i * 60));
    }
    const order = [ids[2], ids[0], ids[1]];
    const res = await t.call<WithPhotos>(
      'PUT',
      `/api/products/${productId}/photos`,
      { order },
      owner.token,
    );
    expect(res.status).toBe(200);
    expect(res.body.photos.map((p: PhotoJson) => p.id)).toEqual(order);
    const list = await t.call<WithPhotos[]>('GET', '/api/products', undefined, owner.token);
    const listed = list.body.find((p) => p.id === productId);
    expect(listed?.photos.map((p: PhotoJson) => p.id)).toEqual(order);
    const bad = await t.call(
      'PUT',
      `/api/products/${productId}/photos`,
      { order: [ids[0]] },
      owner.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('A ordem deve listar cada foto do produto uma vez.');
  });
});

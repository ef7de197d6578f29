/**
 * Photos when requests cross (issue 35): a removal that overtakes its upload, two fifth photos at
 * once, a deleted product, and the clean-up racing an upload of the same bytes. Nothing comes
 * back, and no file is left that no live photo shows. PGlite and PostgreSQL.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoHash } from '../../server/services/media/encode-photo';
import { sweepUnusedMedia } from '../../server/services/media/media-gc';
import { mediaStoreFor } from '../../server/services/media/media-store';
import { newId } from './fixtures';
import { cameraJpeg, type PhotoJson, uploadPhoto, type WithPhotos } from './photo-helpers';
import { addProduct, createShop, getPage, type ShopOwner } from './storefront-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let shop: ShopOwner;

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t, 'Fotos Cruzadas');
});
afterAll(() => t.close());

const media = () => mediaStoreFor({ db: t.db, env: t.runtime.services.env });
const status = async (url: string) => (await t.app.request(url)).status;
/** The 480 px JPEG of an upload's bytes: what a storefront visitor's phone loads. */
const jpeg480 = (bytes: Buffer) => `/media/${photoHash(bytes)}-480.jpg`;
const sweep = () => sweepUnusedMedia({ db: t.db, media: media() });

async function listed(productId: string): Promise<string[]> {
  const res = await t.call<WithPhotos>(
    'GET',
    `/api/sync/products/${productId}`,
    undefined,
    shop.token,
  );
  return res.body.photos.map((p: PhotoJson) => p.id);
}

/** A photo that takes the server a while to encode (the 6000 × 6000 JPEG). */
async function bigJpeg(): Promise<Buffer> {
  const noise = Buffer.alloc(6000 * 6000 * 3);
  for (let i = 0; i < noise.length; i += 997) noise[i] = i % 251;
  return sharp(noise, { raw: { width: 6000, height: 6000, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

describe('a removal that overtakes its upload', () => {
  it('a DELETE while the upload encodes: the upload is 410, the photo never listed nor shown', async () => {
    const productId = await addProduct(t, shop.storeId, { name: 'Torta grande', price: '40' });
    const photoId = newId();
    const bytes = await bigJpeg();
    const path = `/api/products/${productId}/photos/${photoId}`;
    const put = uploadPhoto(t, shop, productId, photoId, bytes);
    // The worker sends both when its line is empty: the DELETE lands while the upload is read or
    // encoded (a 36 MP encode takes far longer than 20 ms; 400 ms let a quiet host finish first).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const del = await t.call('DELETE', path, undefined, shop.token);
    expect(del.status).toBe(204);
    const answer = await put;
    expect(answer.status).toBe(410);
    expect(answer.body.message).toBe('Esta foto foi removida.');
    expect(await listed(productId)).toEqual([]);
    const page = await getPage(t, `/loja/${shop.slug}/p/${productId}`);
    expect(page.text).not.toContain(photoHash(bytes));
    // Refused after encoding: its files went at once.
    expect(await status(jpeg480(bytes))).toBe(404);
    // The DELETE again (the worker's replay) is still done.
    expect((await t.call('DELETE', path, undefined, shop.token)).status).toBe(204);
  }, 60_000);

  it('a DELETE of a photo not seen yet leaves a tombstone: the upload after it is 410', async () => {
    const productId = await addProduct(t, shop.storeId, { name: 'Pudim', price: '12' });
    const photoId = newId();
    const del = await t.call(
      'DELETE',
      `/api/products/${productId}/photos/${photoId}`,
      undefined,
      shop.token,
    );
    expect(del.status).toBe(204);
    const bytes = await cameraJpeg(400, 300, 77);
    const late = await uploadPhoto(t, shop, productId, photoId, bytes);
    expect([late.status, late.body.message]).toEqual([410, 'Esta foto foi removida.']);
    expect(await listed(productId)).toEqual([]);
    expect(await status(jpeg480(bytes))).toBe(404);
    // Another photo of the product is not held up by the tombstone.
    expect((await uploadPhoto(t, shop, productId, newId(), bytes)).status).toBe(201);
  });
});

describe('files nobody shows', () => {
  it('two fifth photos at once: one 201, one 400, and only the winner keeps its files', async () => {
    const productId = await addProduct(t, shop.storeId, { name: 'Bombom', price: '4' });
    for (let i = 0; i < 4; i++) {
      const put = await uploadPhoto(
        t,
        shop,
        productId,
        newId(),
        await cameraJpeg(200, 200, i * 40),
      );
      expect(put.status).toBe(201);
    }
    const a = await cameraJpeg(900, 700, 11);
    const b = await cameraJpeg(900, 700, 222);
    const answers = await Promise.all([
      uploadPhoto(t, shop, productId, newId(), a),
      uploadPhoto(t, shop, productId, newId(), b),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
    const refused = answers[0]?.status === 400 ? a : b;
    const won = refused === a ? b : a;
    expect(answers.find((r) => r.status === 400)?.body.message).toBe(
      'Um produto pode ter no máximo 5 fotos.',
    );
    expect(await status(jpeg480(won))).toBe(200);
    expect(await status(jpeg480(refused))).toBe(404);
    expect(await media().has(`${photoHash(refused)}-160.webp`)).toBe(false);
    expect((await listed(productId)).length).toBe(5);
  });

  it("a deleted product's photos are no longer served once the clean-up runs; shared bytes stay", async () => {
    const gone = await addProduct(t, shop.storeId, { name: 'Sai de linha', price: '9' });
    const kept = await addProduct(t, shop.storeId, { name: 'Fica', price: '9' });
    const own = await cameraJpeg(320, 240, 5);
    const shared = await cameraJpeg(320, 240, 250);
    await uploadPhoto(t, shop, gone, newId(), own);
    await uploadPhoto(t, shop, gone, newId(), shared);
    await uploadPhoto(t, shop, kept, newId(), shared);
    expect((await t.call('DELETE', `/api/products/${gone}`, undefined, shop.token)).status).toBe(
      204,
    );
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await status(jpeg480(own))).toBe(404);
    expect(await status(jpeg480(shared))).toBe(200);
    // Run again: nothing more to do for these.
    await sweep();
    expect(await status(jpeg480(shared))).toBe(200);
  });

  it('the clean-up between an upload finding the same bytes stored and its row: the files are stored again', async () => {
    const first = await addProduct(t, shop.storeId, { name: 'Primeiro', price: '3' });
    const second = await addProduct(t, shop.storeId, { name: 'Segundo', price: '3' });
    const bytes = await cameraJpeg(300, 200, 123);
    await uploadPhoto(t, shop, first, newId(), bytes);
    await t.call('DELETE', `/api/products/${first}`, undefined, shop.token);
    // The upload finds the files there (nothing to encode); the clean-up runs right after.
    const store = media();
    const has = store.has;
    let swept = false;
    store.has = async (name, on) => {
      const answer = await has.call(store, name, on);
      if (!on && !swept && name.startsWith(photoHash(bytes))) {
        swept = true;
        expect(await sweep()).toBeGreaterThanOrEqual(1);
      }
      return answer;
    };
    try {
      expect((await uploadPhoto(t, shop, second, newId(), bytes)).status).toBe(201);
    } finally {
      store.has = has;
    }
    expect(swept).toBe(true);
    expect(await status(jpeg480(bytes))).toBe(200);
    expect(await status(`/media/${photoHash(bytes)}-1200.webp`)).toBe(200);
  });
});

/**
 * Photos on the public storefront (issue 21): covers in the list that load only what a phone
 * shows, a product page with every photo and its own link preview. PGlite and PostgreSQL.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from './fixtures';
import { cameraJpeg, type PhotoJson, uploadPhoto } from './photo-helpers';
import { addProduct, createShop, getPage, type ShopOwner } from './storefront-helpers';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let shop: ShopOwner;
let withPhotos: string;
let photos: PhotoJson[];

beforeAll(async () => {
  t = await createTestApp();
  shop = await createShop(t, 'Doces da Vó');
  withPhotos = await addProduct(t, shop.storeId, { name: 'Bolo de cenoura', price: '30' });
  for (const name of ['Brigadeiro', 'Cocada', 'Pé de moleque', 'Quindim']) {
    const id = await addProduct(t, shop.storeId, { name, price: '3' });
    await uploadPhoto(t, shop, id, newId(), await cameraJpeg(400, 300, name.length * 20));
  }
  await addProduct(t, shop.storeId, { name: 'Sem foto', price: '5' });
  const cover = newId();
  await uploadPhoto(t, shop, withPhotos, cover, await cameraJpeg(1600, 1200, 40));
  const second = await uploadPhoto(t, shop, withPhotos, newId(), await cameraJpeg(1200, 1600, 99));
  photos = second.body.photos as PhotoJson[];
});
afterAll(() => t.close());

const imgTags = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];

describe('the storefront list', () => {
  it('shows each cover with its size, a srcset, the first one first and the later ones lazy', async () => {
    const page = await getPage(t, `/loja/${shop.slug}`);
    expect(page.status).toBe(200);
    const tags = imgTags(page.text);
    // Five products have photos; "Sem foto" has no <img>.
    expect(tags).toHaveLength(5);
    const [first] = tags;
    expect(attr(first ?? '', 'alt')).toBe('Bolo de cenoura');
    expect(attr(first ?? '', 'fetchpriority')).toBe('high');
    expect(attr(first ?? '', 'loading')).toBeUndefined();
    for (const tag of tags) {
      expect(attr(tag, 'width')).toBe('96');
      expect(attr(tag, 'height')).toBe('96');
      expect(attr(tag, 'sizes')).toBe('96px');
      expect(attr(tag, 'srcset')).toMatch(/-160\.webp 160w, .*-480\.webp \d+w$/);
    }
    expect(tags.slice(3).every((tag) => attr(tag, 'loading') === 'lazy')).toBe(true);
    expect(page.text).toContain(`href="/loja/${shop.slug}/p/${withPhotos}"`);
    // The cover is the product's first photo, in the size its srcset starts with.
    expect(attr(first ?? '', 'src')).toBe(photos[0]?.url.replace('-1200.webp', '-160.webp'));
  });

  it('shows a new cover on the next visit after the photos are reordered', async () => {
    const order = [photos[1]?.id, photos[0]?.id];
    await t.call('PUT', `/api/products/${withPhotos}/photos`, { order }, shop.token);
    const page = await getPage(t, `/loja/${shop.slug}`);
    const [first] = imgTags(page.text);
    expect(attr(first ?? '', 'src')).toBe(photos[1]?.url.replace('-1200.webp', '-160.webp'));
    await t.call(
      'PUT',
      `/api/products/${withPhotos}/photos`,
      { order: order.reverse() },
      shop.token,
    );
  });
});

describe("a product's page", () => {
  it('shows every photo and previews with the cover at 1200 px', async () => {
    const page = await getPage(t, `/loja/${shop.slug}/p/${withPhotos}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self'");
    const tags = imgTags(page.text);
    expect(tags).toHaveLength(2);
    expect(attr(tags[0] ?? '', 'fetchpriority')).toBe('high');
    expect(attr(tags[1] ?? '', 'loading')).toBe('lazy');
    expect(attr(tags[0] ?? '', 'width')).toBe(String(photos[0]?.width));
    const og = /<meta property="og:image" content="([^"]+)">/.exec(page.text)?.[1] ?? '';
    const coverJpeg = photos[0]?.url.replace('-1200.webp', '-1200.jpg');
    expect(og).toBe(`http://localhost:3000${coverJpeg}`);
    const image = await t.app.request(new URL(og).pathname);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(1200);
    const ld = JSON.parse(
      /<script type="application\/ld\+json">(.+?)<\/script>/s.exec(page.text)?.[1] ?? '{}',
    );
    expect(ld['@type']).toBe('Product');
    expect(ld.image).toEqual(
      photos.map((p) => `http://localhost:3000${p.url.replace('-1200.webp', '-1200.jpg')}`),
    );
    expect(ld.offers).toMatchObject({ price: '30.00', priceCurrency: 'BRL' });
    const again = await getPage(t, `/loja/${shop.slug}/p/${withPhotos}`, {
      'if-none-match': page.headers.get('etag') ?? '',
    });
    expect(again.status).toBe(304);
  });

  it("answers 404 for another store's product, an inactive one and a malformed id", async () => {
    const other = await createShop(t, 'Outra');
    const theirs = await addProduct(t, other.storeId, { name: 'Deles', price: '1' });
    const off = await addProduct(t, shop.storeId, { name: 'Pausado', price: '1', active: false });
    expect((await getPage(t, `/loja/${shop.slug}/p/${theirs}`)).status).toBe(404);
    expect((await getPage(t, `/loja/${shop.slug}/p/${off}`)).status).toBe(404);
    expect((await getPage(t, `/loja/${shop.slug}/p/nao-e-um-id`)).status).toBe(404);
  });
});

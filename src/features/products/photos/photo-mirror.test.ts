/**
 * Photos added on another phone: the pull brings the product's photo list, the device fetches
 * their 480 px size into IndexedDB (so the list shows them offline), a bounded number per pass,
 * only while online, never bringing back a photo removed here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pull } from '~/db/sync-engine';
import { feedProduct, json, type SentRequest, syncPage, testContext } from '~/db/test-support';
import { MIRROR_PER_PASS, mirrorServerPhotos } from './photo-mirror';
import { productPhotos, removePhoto } from './photo-repo';

const hash = (n: number) => `h${String(n).padStart(23, '0')}`;
const serverPhoto = (n: number) => ({
  id: crypto.randomUUID(),
  url: `/media/${hash(n)}-1200.webp`,
  width: 1200,
  height: 900,
});

type ServerPhoto = ReturnType<typeof serverPhoto>;
const photographed = (name: string, photos: ServerPhoto[]) => ({
  ...feedProduct(crypto.randomUUID(), name, 3),
  photos,
});

/** The server: the feed lists `products`; each media name answers its own bytes. */
function server(products: ReturnType<typeof photographed>[]) {
  return (req: SentRequest) => {
    if (req.url.startsWith('/api/sync')) return json(200, syncPage({ products }));
    if (req.url.startsWith('/media/')) {
      return new Response(new Blob([`bytes of ${req.url}`], { type: 'image/webp' }));
    }
    return json(202, { queued: true });
  };
}

const fetched = (sent: SentRequest[]) =>
  sent.filter((r) => r.url.startsWith('/media/')).map((r) => r.url);

let ctx = testContext(() => json(500, {}));
beforeEach(() => {
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await ctx.db.delete();
});

describe('photos from another phone', () => {
  it('are fetched at 480 px after the pull, in the server order, and kept as uploaded', async () => {
    const [cover, second] = [serverPhoto(1), serverPhoto(2)];
    const product = photographed('Bolo', [cover, second]);
    ctx = testContext(server([product]));
    await pull(ctx);
    expect(await mirrorServerPhotos(ctx)).toBe(0);
    expect(fetched(ctx.sent).sort()).toEqual([
      `/media/${hash(1)}-480.webp`,
      `/media/${hash(2)}-480.webp`,
    ]);
    const kept = await productPhotos(ctx.db, product.id);
    expect(kept.map((p) => [p.id, p.state, p.width, p.height])).toEqual([
      [cover.id, 'uploaded', 480, 360],
      [second.id, 'uploaded', 480, 360],
    ]);
    expect(await kept[0]?.blob.text()).toBe(`bytes of /media/${hash(1)}-480.webp`);

    // Held already: a second pass fetches nothing.
    await mirrorServerPhotos(ctx);
    expect(fetched(ctx.sent)).toHaveLength(2);
  });

  it('fetch nothing offline, stop at a network failure and go on at the next pass', async () => {
    const product = photographed('Bolo', [serverPhoto(1), serverPhoto(2), serverPhoto(3)]);
    ctx = testContext(server([product]));
    await pull(ctx);
    vi.stubGlobal('navigator', { onLine: false });
    expect(await mirrorServerPhotos(ctx)).toBe(-1);
    expect(fetched(ctx.sent)).toEqual([]);

    vi.stubGlobal('navigator', { onLine: true });
    ctx.respond(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await mirrorServerPhotos(ctx)).toBe(-1);
    expect(await ctx.db.photos.count()).toBe(0);

    ctx.respond(server([product]));
    expect(await mirrorServerPhotos(ctx)).toBe(0);
    expect(await ctx.db.photos.count()).toBe(3);
  });

  it(`fetch at most ${MIRROR_PER_PASS} per pass`, async () => {
    const many = Array.from({ length: MIRROR_PER_PASS + 5 }, (_, i) =>
      photographed(`P${i}`, [serverPhoto(i)]),
    );
    ctx = testContext(server(many));
    await pull(ctx);
    expect(await mirrorServerPhotos(ctx)).toBe(5);
    expect(fetched(ctx.sent)).toHaveLength(MIRROR_PER_PASS);
    expect(await mirrorServerPhotos(ctx)).toBe(0);
    expect(await ctx.db.photos.count()).toBe(MIRROR_PER_PASS + 5);
  });

  it('never brings back a photo removed here while the server still lists it', async () => {
    const photo = serverPhoto(1);
    const product = photographed('Bolo', [photo]);
    ctx = testContext(server([product]));
    await pull(ctx);
    await mirrorServerPhotos(ctx);
    const [kept] = await productPhotos(ctx.db, product.id);
    await removePhoto(ctx, kept as NonNullable<typeof kept>);
    await mirrorServerPhotos(ctx);
    expect(await productPhotos(ctx.db, product.id)).toEqual([]);
    expect(fetched(ctx.sent)).toHaveLength(1);
  });
});

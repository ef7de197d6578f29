/**
 * Photos added on another phone: the pull brings the product's photo list, the device fetches
 * their 480 px size into IndexedDB (so the list shows them offline), a bounded number per pass,
 * only while online, never bringing back a photo removed here. Photos removed there (or with
 * their product) leave this phone, never one this phone still has to upload.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalPhoto } from '~/db/db';
import { pull } from '~/db/sync-engine';
import { feedProduct, json, type SentRequest, syncPage, testContext } from '~/db/test-support';
import { MIRROR_PER_PASS, mirrorServerPhotos } from './photo-mirror';
import { markUploaded, productPhotos, removePhoto, uploadPhoto } from './photo-repo';

// The resize needs a browser's canvas: an upload's small copy is its own bytes here.
vi.mock('./resize-photo', async (original) => ({
  ...(await original<typeof import('./resize-photo')>()),
  resizePhoto: async (blob: Blob) => ({ blob, width: 480, height: 360 }),
}));

const hash = (n: number) => `h${String(n).padStart(23, '0')}`;
const serverPhoto = (n: number) => ({
  id: crypto.randomUUID() as string,
  url: `/media/${hash(n)}-1200.webp`,
  width: 1200,
  height: 900,
});

type ServerPhoto = ReturnType<typeof serverPhoto>;
const photographed = (name: string, photos: ServerPhoto[]) => ({
  ...feedProduct(crypto.randomUUID(), name, 3),
  photos,
});
type FeedRow = ReturnType<typeof photographed> | { id: string; deleted: true; revision: number };

/**
 * The server: the feed lists `products`, the one-row read answers the live one; each media name
 * answers its own bytes.
 */
function server(products: FeedRow[]) {
  return (req: SentRequest) => {
    const one = /^\/api\/sync\/products\/(.+)$/.exec(req.url)?.[1];
    if (one) {
      const row = products.find((p) => p.id === one && !p.deleted);
      return row ? json(200, row) : json(404, { message: 'Produto não encontrado' });
    }
    if (req.url.startsWith('/api/sync')) return json(200, syncPage({ products } as never));
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

/** A photo this phone added to `productId`, in `state`. */
async function ownPhoto(productId: string, state: LocalPhoto['state']): Promise<LocalPhoto> {
  const photo: LocalPhoto = {
    id: crypto.randomUUID(),
    productId,
    position: 0,
    blob: new Blob(['own'], { type: 'image/webp' }),
    width: 1200,
    height: 900,
    state,
  };
  await ctx.db.photos.add(photo);
  return photo;
}

const idsHere = async () => (await ctx.db.photos.toArray()).map((p) => p.id).sort();

/** The server answers `products` from now on; the phone pulls, then runs a mirror pass. */
async function pullAndMirror(products: FeedRow[]): Promise<void> {
  ctx.respond(server(products));
  await pull(ctx);
  await mirrorServerPhotos(ctx);
}

describe('photos removed on another phone', () => {
  it('leave this phone once the pull brings the product without them', async () => {
    const [kept, removed] = [serverPhoto(1), serverPhoto(2)];
    const product = photographed('Bolo', [kept, removed]);
    ctx = testContext(server([]));
    await pullAndMirror([product]);
    expect(await idsHere()).toEqual([kept.id, removed.id].sort());

    await pullAndMirror([{ ...product, revision: 4, photos: [kept] }]);
    expect(await idsHere()).toEqual([kept.id]);
    expect(fetched(ctx.sent)).toHaveLength(2);
  });

  it('leave with their product when it is deleted there', async () => {
    const product = photographed('Bolo', [serverPhoto(1), serverPhoto(2)]);
    const other = photographed('Cocada', [serverPhoto(3)]);
    ctx = testContext(server([]));
    await pullAndMirror([product, other]);
    expect(await ctx.db.photos.count()).toBe(3);

    await pullAndMirror([{ id: product.id, deleted: true, revision: 5 }, other]);
    expect(await idsHere()).toEqual([other.photos[0]?.id]);
  });

  it('stay while their product waits in a pull page not yet written row by row', async () => {
    const product = photographed('Bolo', [serverPhoto(1)]);
    ctx = testContext(server([product]));
    await pullAndMirror([product]);
    // A first pull's minutes: the row is only in a deferred page, not yet in the table.
    const row = await ctx.db.products.get(product.id);
    await ctx.db.products.delete(product.id);
    await ctx.db.deferred.add({ table: 'products', rows: [row as never] });
    await mirrorServerPhotos(ctx);
    expect(await idsHere()).toEqual([product.photos[0]?.id]);
  });

  it('never take a photo held or waiting here, nor one uploaded after the row was pulled', async () => {
    const product = photographed('Bolo', []);
    ctx = testContext(server([product]));
    await pull(ctx);
    const held = await ownPhoto(crypto.randomUUID(), 'held');
    const waiting = await ownPhoto(product.id, 'waiting');
    const sent = await ownPhoto(product.id, 'waiting');
    // Its PUT answers the product at revision 5; the device's row is still revision 3.
    ctx.respond(() =>
      json(201, { ...product, revision: 5, photos: [{ ...serverPhoto(9), id: sent.id }] }),
    );
    expect((await uploadPhoto(ctx, sent)).status).toBe('sent');
    ctx.respond(server([product]));
    await mirrorServerPhotos(ctx);
    expect(await idsHere()).toEqual([held.id, waiting.id, sent.id].sort());

    // Revision 6, removed on another phone: only the uploaded copy goes.
    await pullAndMirror([{ ...product, revision: 6, photos: [] }]);
    expect(await idsHere()).toEqual([held.id, waiting.id].sort());
  });

  it('ask the server about an upload the worker announced, whose revision is not known', async () => {
    const product = photographed('Bolo', []);
    ctx = testContext(server([product]));
    await pull(ctx);
    const [there, gone] = [
      await ownPhoto(product.id, 'waiting'),
      await ownPhoto(product.id, 'waiting'),
    ];
    await markUploaded(ctx.db, there.id);
    await markUploaded(ctx.db, gone.id);
    ctx.respond(
      server([{ ...product, revision: 7, photos: [{ ...serverPhoto(1), id: there.id }] }]),
    );
    await mirrorServerPhotos(ctx);
    expect(ctx.sent.map((r) => r.url)).toContain(`/api/sync/products/${product.id}`);
    expect(await idsHere()).toEqual([there.id]);
    expect((await ctx.db.photos.get(there.id))?.listedAt).toBe(7);
  });
});

/**
 * Photos on the device (issue 21): a new product's photos wait for its create and follow it in
 * the queue in their order; a full quota keeps the product's save; a photo the server refused
 * shows the server's message and can be removed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveProduct } from '~/db/products-repo';
import { json, testContext } from '~/db/test-support';
import { discardHeldPhotos, releaseHeldPhotos } from './photo-held';
import { photoRefusals } from './photo-refusals';
import { addPhoto, placePhoto, productPhotos, removePhoto } from './photo-repo';

// The resize needs a browser's canvas (tested in tests/e2e/product-photos.test.ts).
vi.mock('./resize-client', () => ({
  resizeInWorker: async (file: Blob) => ({
    blob: new Blob([await file.arrayBuffer()], { type: 'image/webp' }),
    width: 1200,
    height: 900,
  }),
}));

const fields = { name: 'Bolo de fubá', description: '', price: '25.00', active: true };
const photoFile = (label: string) => new Blob([`RIFF-${label}`], { type: 'image/jpeg' });

let ctx = testContext(() => json(202, { queued: true }));
beforeEach(() => {
  ctx = testContext(() => json(202, { queued: true }));
});
afterEach(() => ctx.db.delete());

describe('photos of a product not saved yet', () => {
  it('wait under its id, then follow its create in the queue, in the order the owner chose', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    const id = crypto.randomUUID();
    expect(await addPhoto(ctx, id, photoFile('a'))).toBe('added');
    expect(await addPhoto(ctx, id, photoFile('b'))).toBe('added');
    expect(ctx.sent).toHaveLength(0);
    const [a, b] = await productPhotos(ctx.db, id);
    expect([a?.state, b?.state]).toEqual(['held', 'held']);
    // The second becomes the cover before the save: no order is sent for a product not there.
    await placePhoto(ctx, b as NonNullable<typeof b>, 0);
    expect(ctx.sent).toHaveLength(0);

    const { result } = await saveProduct({ ...fields, id }, ctx);
    expect(result.status).toBe('queued');
    await releaseHeldPhotos(ctx, id);
    expect(ctx.sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/products',
      `PUT /api/products/${id}/photos/${b?.id}`,
      `PUT /api/products/${id}/photos/${a?.id}`,
    ]);
    expect((await productPhotos(ctx.db, id)).map((p) => p.state)).toEqual(['waiting', 'waiting']);
    // Released once: a second save sends no photo again.
    await releaseHeldPhotos(ctx, id);
    expect(ctx.sent).toHaveLength(3);
  });

  it('go when the dialog closes without a save, and stay when the product was saved', async () => {
    const dropped = crypto.randomUUID();
    await addPhoto(ctx, dropped, photoFile('a'));
    await discardHeldPhotos(ctx, dropped);
    expect(await productPhotos(ctx.db, dropped)).toEqual([]);

    const kept = crypto.randomUUID();
    await addPhoto(ctx, kept, photoFile('b'));
    await saveProduct({ ...fields, id: kept }, ctx);
    await discardHeldPhotos(ctx, kept);
    expect(await productPhotos(ctx.db, kept)).toHaveLength(1);
  });
});

describe('a full device', () => {
  it('says so, stores no photo and still saves the product', async () => {
    ctx = testContext((req) => json(201, { ...(req.body as object), revision: 1 }));
    const id = crypto.randomUUID();
    vi.spyOn(ctx.db.photos, 'add').mockRejectedValueOnce(
      new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
    );
    expect(await addPhoto(ctx, id, photoFile('a'))).toBe('quota');
    expect(await ctx.db.photos.count()).toBe(0);
    const { result } = await saveProduct({ ...fields, id }, ctx);
    expect(result.status).toBe('sent');
    expect(await ctx.db.products.get(id)).toMatchObject({ name: 'Bolo de fubá', pending: 0 });
  });
});

describe('a photo the server refused', () => {
  it('carries the server message, is no longer waiting, and goes with its refusal', async () => {
    const id = crypto.randomUUID();
    ctx = testContext((req) =>
      req.url.includes('/photos/')
        ? json(413, { message: 'A foto deve ter no máximo 2 MB.' })
        : json(201, { ...(req.body as object), revision: 1 }),
    );
    await saveProduct({ ...fields, id }, ctx);
    expect(await addPhoto(ctx, id, photoFile('big'))).toBe('added');
    const [photo] = await productPhotos(ctx.db, id);
    const refused = await photoRefusals(ctx.db, id);
    expect(refused.get(photo?.id ?? '')).toBe('A foto deve ter no máximo 2 MB.');

    // An order sent while it shows refused leaves it out (the server would refuse the list).
    ctx.respond(() => json(202, { queued: true }));
    await addPhoto(ctx, id, photoFile('ok'));
    const [, second] = await productPhotos(ctx.db, id);
    await placePhoto(ctx, second as NonNullable<typeof second>, 0);
    expect(ctx.sent.at(-1)?.body).toEqual({ order: [second?.id] });

    await removePhoto(ctx, photo as NonNullable<typeof photo>);
    expect((await productPhotos(ctx.db, id)).map((p) => p.id)).toEqual([second?.id]);
    expect((await photoRefusals(ctx.db, id)).size).toBe(0);
    expect(await ctx.db.deadLetters.count()).toBe(0);
  });

  it('is read from the dead letter the worker left for its replay (absolute URL)', async () => {
    const id = crypto.randomUUID();
    await ctx.db.deadLetters.add({
      id: crypto.randomUUID(),
      method: 'PUT',
      url: `https://tali.example/api/products/${id}/photos/p-1`,
      body: null,
      status: 400,
      message: 'Um produto pode ter no máximo 5 fotos.',
      entity: 'other',
      entityId: null,
      failedAt: Date.now(),
    });
    expect([...(await photoRefusals(ctx.db, id))]).toEqual([
      ['p-1', 'Um produto pode ter no máximo 5 fotos.'],
    ]);
    expect((await photoRefusals(ctx.db, 'another-product')).size).toBe(0);
  });
});

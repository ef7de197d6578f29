/**
 * A photo the worker's replay marked sent with the app closed (src/db/photo-sent.ts): 'uploaded'
 * so the prune can judge it, `full` until the page shrinks it (the shrink itself needs a canvas:
 * tests/e2e/product-photos.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { markPhotosSent } from '~/db/photo-sent';
import { json, testContext } from '~/db/test-support';
import { markUploaded } from './photo-repo';

const PHOTO = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const PRODUCT = '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';

let ctx = testContext(() => json(200, {}));
beforeEach(async () => {
  ctx = testContext(() => json(200, {}));
  await ctx.db.photos.add({
    id: PHOTO,
    productId: PRODUCT,
    position: 0,
    blob: new Blob(['bytes sent'], { type: 'image/jpeg' }),
    width: 1600,
    height: 1200,
    state: 'waiting',
  });
});
afterEach(() => ctx.db.delete());

describe('a photo the worker marked sent', () => {
  it('is uploaded and full, then the page takes it as its own upload (full no more)', async () => {
    await markPhotosSent(ctx.db, [PHOTO]);
    expect(await ctx.db.photos.get(PHOTO)).toMatchObject({ state: 'uploaded', full: true });
    await markUploaded(ctx.db, PHOTO, 7);
    const photo = await ctx.db.photos.get(PHOTO);
    expect(photo?.state).toBe('uploaded');
    expect(photo?.full).toBeUndefined();
    expect(photo?.listedAt).toBe(7);
  });

  it('leaves a photo removed meanwhile removed, and one held for its product held', async () => {
    await ctx.db.photos.update(PHOTO, { state: 'held' });
    await markPhotosSent(ctx.db, [PHOTO, '00000000-0000-4000-8000-000000000000']);
    expect((await ctx.db.photos.get(PHOTO))?.state).toBe('held');
    expect(await ctx.db.photos.count()).toBe(1);
  });
});

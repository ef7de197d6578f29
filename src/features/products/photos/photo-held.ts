/**
 * Photos of a product not saved yet: kept on the device as 'held' under the id the new product
 * will have, sent right after its create (so the worker's queue holds the create first, then the
 * photos in their order), and dropped if the dialog closes without a save.
 */
import type { DeviceContext } from '~/db/transport';
import { productPhotos, uploadPhoto } from './photo-repo';

/** After a save that reached the server or its queue: the held photos follow, cover first. */
export async function releaseHeldPhotos(ctx: DeviceContext, productId: string): Promise<void> {
  const held = (await productPhotos(ctx.db, productId)).filter((p) => p.state === 'held');
  for (const photo of held) {
    const result = await uploadPhoto(ctx, photo);
    if (result.status === 'unauthorized') return;
    // Queued (or refused, shown as such): no longer held. A replay announced meanwhile has
    // already marked it uploaded, which must stay.
    await ctx.db.photos
      .where('id')
      .equals(photo.id)
      .and((p) => p.state === 'held')
      .modify({ state: 'waiting' });
  }
}

/** The dialog of a new product closed: its photos go unless the product was saved. */
export async function discardHeldPhotos(ctx: DeviceContext, productId: string): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.products, db.photos], async () => {
    if (await db.products.get(productId)) return;
    await db.photos
      .where('productId')
      .equals(productId)
      .and((p) => p.state === 'held')
      .delete();
  });
}

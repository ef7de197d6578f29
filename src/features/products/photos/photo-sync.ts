/**
 * Learning that the server has a queued photo: the worker announces each replayed upload on the
 * sync channel (tag "product-photo:<id>"); a photo whose announcement this page missed (the app
 * was closed during the replay) is confirmed by reading its product from the server.
 */
import { dropGonePhotos } from '~/db/photo-gone';
import type { DeviceContext } from '~/db/transport';

import { SYNC_CHANNEL, type SyncMessage } from '~/domain/sync/protocol';
import { request } from '~/lib/api';
import { forgetRemoval } from './photo-mirror';
import { markUploaded, PHOTO_TAG } from './photo-repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Listens while the products screen is open; answers the function that stops listening. */
export function listenForPhotoReplays(ctx: DeviceContext): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(SYNC_CHANNEL);
  channel.onmessage = (event: MessageEvent<SyncMessage>) => {
    const message = event.data;
    if (message.type !== 'replayed' || !message.entity?.startsWith(PHOTO_TAG)) return;
    const id = message.entity.slice(PHOTO_TAG.length);
    if (!UUID.test(id)) return;
    if (message.status < 300) {
      markUploaded(ctx.db, id).catch((error: unknown) => console.warn('photo not marked', error));
    }
    // The upload arrived after the photo was removed (here or on another phone): gone here too.
    if (message.status === 410) {
      dropGonePhotos(ctx.db, [id]).catch((error: unknown) => console.warn('photo kept', error));
    }
    // A removal replayed (204, or 404: already gone): its marker may go.
    if (message.status === 204 || message.status === 404) {
      forgetRemoval(ctx.db, id).catch((error: unknown) => console.warn('marker kept', error));
    }
  };
  return () => channel.close();
}

/**
 * Photos still marked waiting whose product the server already shows them in; and photos the
 * worker's replay marked sent with the app closed, shrunk now (their blob is the upload's).
 */
export async function confirmWaitingPhotos(ctx: DeviceContext): Promise<void> {
  const full = await ctx.db.photos
    .filter((p) => p.state === 'uploaded' && p.full === true)
    .toArray();
  for (const photo of full) await markUploaded(ctx.db, photo.id);
  if (!navigator.onLine || !ctx.transport.token()) return;
  const waiting = await ctx.db.photos.filter((p) => p.state === 'waiting').toArray();
  const products = new Set(waiting.map((p) => p.productId));
  for (const productId of products) {
    const res = await request(ctx.transport, 'GET', `/api/sync/products/${productId}`, {
      okStatuses: [404],
    });
    if (res.status === 404) continue;
    const row = (await res.json()) as { revision: number; photos?: Array<{ id: string }> };
    const onServer = new Set((row.photos ?? []).map((p) => p.id));
    for (const photo of waiting) {
      if (photo.productId === productId && onServer.has(photo.id)) {
        await markUploaded(ctx.db, photo.id, row.revision);
      }
    }
  }
}

/**
 * A product's photos on the device: kept in IndexedDB (shown at once, offline) and sent through
 * the same worker queue as every edit (replayed on reconnect, idempotent by the photo's id on
 * the server). Once the server has a photo the device keeps only its 480 px size.
 */
import type { LocalPhoto, TaliDb } from '~/db/db';
import { type MutationResult, sendMutation } from '~/db/mutations';
import { dropGonePhotos } from '~/db/photo-gone';
import type { DeviceContext } from '~/db/transport';
import { DEVICE_PHOTO_WIDTH, MAX_PHOTOS, PHOTO_TAG } from '~/domain/photo';
import { forgetRemoval, removedKey } from './photo-mirror';
import { forgetPhotoRefusals, photoRefusals } from './photo-refusals';
import { resizeInWorker } from './resize-client';
import { resizePhoto, UndecodablePhotoError } from './resize-photo';

export { PHOTO_TAG };

export type AddOutcome = 'added' | 'full' | 'undecodable' | 'quota';

export function productPhotos(db: TaliDb, productId: string): Promise<LocalPhoto[]> {
  return db.photos.where('productId').equals(productId).sortBy('position');
}

const isQuotaError = (error: unknown): boolean => {
  const names = [(error as Error)?.name, (error as { inner?: Error })?.inner?.name];
  return names.includes('QuotaExceededError');
};

/** Asked once, at the first photo: photos waiting for a signal must not be evicted. */
async function askPersistence(db: TaliDb): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  if ((await db.photos.count()) > 1) return;
  // A refusal only means the browser may evict under pressure; the photo is still stored.
  await navigator.storage.persist().catch((error: unknown) => {
    console.warn('storage.persist() failed', error);
  });
}

/**
 * Resized, stored, then sent (or queued). A product not saved yet (not on the device) holds its
 * photos until its create (photo-held.ts). A full quota stores nothing and says so.
 */
export async function addPhoto(
  ctx: DeviceContext,
  productId: string,
  file: Blob,
): Promise<AddOutcome> {
  const { db } = ctx;
  const existing = await productPhotos(db, productId);
  if (existing.length >= MAX_PHOTOS) return 'full';
  let resized: Awaited<ReturnType<typeof resizeInWorker>>;
  try {
    resized = await resizeInWorker(file);
  } catch (error) {
    if (error instanceof UndecodablePhotoError) return 'undecodable';
    throw error;
  }
  const last = existing[existing.length - 1];
  const photo: LocalPhoto = {
    id: crypto.randomUUID(),
    productId,
    position: (last?.position ?? -1) + 1,
    blob: resized.blob,
    width: resized.width,
    height: resized.height,
    state: (await db.products.get(productId)) ? 'waiting' : 'held',
  };
  try {
    await db.photos.add(photo);
  } catch (error) {
    if (isQuotaError(error)) return 'quota';
    throw error;
  }
  await askPersistence(db);
  if (photo.state === 'waiting') await uploadPhoto(ctx, photo);
  return 'added';
}

/** Sent again while the page is open when the server was busy (429, 5xx): after 5, 15, 45 s. */
const BUSY_RETRIES_MS = [5_000, 15_000, 45_000];
const isBusy = (status: number) => status === 429 || status >= 500;

export async function uploadPhoto(
  ctx: DeviceContext,
  photo: LocalPhoto,
  attempt = 0,
): Promise<MutationResult> {
  const result = await sendMutation(
    {
      method: 'PUT',
      url: `/api/products/${photo.productId}/photos/${photo.id}`,
      body: photo.blob,
      entity: null,
      tag: `${PHOTO_TAG}${photo.id}`,
      // 410: removed (here or on another phone) before its upload arrived: nothing to send.
      okStatuses: [410],
    },
    ctx,
  );
  if (result.status === 'sent' && result.httpStatus === 410) {
    await dropGonePhotos(ctx.db, [photo.id]);
  } else if (result.status === 'sent') {
    if (attempt > 0) await forgetPhotoRefusals(ctx.db, photo.id);
    await markUploaded(ctx.db, photo.id, revisionOf(result.data));
  }
  const wait = BUSY_RETRIES_MS[attempt];
  if (result.status === 'refused' && isBusy(result.httpStatus) && wait !== undefined) {
    // The refusal shows meanwhile; still here and still waiting: sent again.
    setTimeout(() => {
      void retryUpload(ctx, photo.id, attempt + 1);
    }, wait);
  }
  return result;
}

async function retryUpload(ctx: DeviceContext, photoId: string, attempt: number): Promise<void> {
  try {
    const photo = await ctx.db.photos.get(photoId);
    if (photo?.state === 'waiting') await uploadPhoto(ctx, photo, attempt);
  } catch (error) {
    console.warn('photo not sent again', error);
  }
}

/** The product's revision in the PUT's answer (the product with its photos). */
const revisionOf = (data: unknown): number | undefined => {
  const revision = (data as { revision?: unknown } | undefined)?.revision;
  return typeof revision === 'number' ? revision : undefined;
};

/**
 * The server has it: keep only the list's size (a ~300 KB upload becomes ~30 KB). `listedAt`:
 * the product's revision that lists it, when known (photo-prune.ts).
 */
export async function markUploaded(db: TaliDb, photoId: string, listedAt?: number): Promise<void> {
  const photo = await db.photos.get(photoId);
  if (!photo) return;
  // Marked by the worker's replay (`full`): still to be shrunk.
  if (photo.state === 'uploaded' && !photo.full) {
    if (photo.listedAt === undefined && listedAt !== undefined)
      await db.photos.update(photoId, { listedAt });
    return;
  }
  let small: Blob = photo.blob;
  try {
    small = (await resizePhoto(photo.blob, DEVICE_PHOTO_WIDTH)).blob;
  } catch (error) {
    // No canvas here (an old browser): keeping the larger copy costs space, not the photo.
    console.warn('photo not shrunk', error);
  }
  await db.photos.update(photoId, {
    state: 'uploaded',
    blob: small,
    listedAt: listedAt ?? photo.listedAt,
    full: undefined,
  });
}

/** Removed here at once; a photo the server may hold is removed there through the queue. */
export async function removePhoto(ctx: DeviceContext, photo: LocalPhoto): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.photos, db.meta], async () => {
    await db.photos.delete(photo.id);
    // Until the server confirms, a pull may still list it: it must not come back.
    if (photo.state !== 'held')
      await db.meta.put({ key: removedKey(photo.id), value: photo.productId });
  });
  await forgetPhotoRefusals(db, photo.id);
  if (photo.state === 'held') return;
  const result = await sendMutation(
    {
      method: 'DELETE',
      url: `/api/products/${photo.productId}/photos/${photo.id}`,
      entity: null,
      tag: `${PHOTO_TAG}${photo.id}`,
      okStatuses: [404],
    },
    ctx,
  );
  if (result.status === 'sent') await forgetRemoval(db, photo.id);
}

/**
 * Puts a photo at `to` (0: the cover), by the arrows or a drag. The server learns the order of
 * the photos it can hold (not the refused ones); held photos are sent in this order instead.
 */
export async function placePhoto(ctx: DeviceContext, photo: LocalPhoto, to: number): Promise<void> {
  const { db } = ctx;
  const photos = await productPhotos(db, photo.productId);
  const from = photos.findIndex((p) => p.id === photo.id);
  if (from < 0 || to < 0 || to >= photos.length || to === from) return;
  photos.splice(from, 1);
  photos.splice(to, 0, photo);
  await db.transaction('rw', db.photos, async () => {
    for (const [position, p] of photos.entries()) await db.photos.update(p.id, { position });
  });
  if (photos.some((p) => p.state === 'held')) return;
  const refused = await photoRefusals(db, photo.productId);
  await sendMutation(
    {
      method: 'PUT',
      url: `/api/products/${photo.productId}/photos`,
      body: { order: photos.filter((p) => !refused.has(p.id)).map((p) => p.id) },
      entity: null,
      tag: `${PHOTO_TAG}order:${photo.productId}`,
    },
    ctx,
  );
}

/**
 * Photos added on another phone, kept on this one: a pulled product lists its photos (the
 * product row keeps the server's list); those this device does not hold are fetched at their
 * 480 px size into IndexedDB, so the owner's list shows their thumbnails offline. In the
 * background, a bounded number per pass, two at a time, only while online; a pass stops at the
 * first network failure and the next one (the next visit, reconnection or pull) goes on. Each
 * pass first drops the photos removed there (photo-prune.ts).
 */
import type { LocalPhoto, LocalProduct, TaliDb } from '~/db/db';
import type { DeviceContext } from '~/db/transport';
import { DEVICE_PHOTO_WIDTH, photoUrl } from '~/domain/photo';
import { dropRemovedPhotos } from './photo-prune';

/** Downloads per pass (~30 KB each) and at once. */
export const MIRROR_PER_PASS = 60;
const AT_ONCE = 2;

/** A photo removed here: the pull may still list it until its DELETE is replayed. */
export const removedKey = (photoId: string) => `photo-removed:${photoId}`;

type ServerPhoto = { id: string; url: string; width: number; height: number };
type Missing = { productId: string; revision: number; position: number; photo: ServerPhoto };

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The 480 px size's dimensions, from the largest size's (never enlarged). */
function smallSize(photo: ServerPhoto): { width: number; height: number } {
  if (photo.width <= DEVICE_PHOTO_WIDTH) return { width: photo.width, height: photo.height };
  const height = Math.max(1, Math.round((photo.height * DEVICE_PHOTO_WIDTH) / photo.width));
  return { width: DEVICE_PHOTO_WIDTH, height };
}

/** A product as the owner's list holds it: its id and the server's photo list. */
export type ListedProduct = Pick<LocalProduct, 'id' | 'photos' | 'revision'>;

/**
 * The server's photos of these products (read from the table when none given) not here. The
 * products screen gives the catalogue it holds: a scan of the table walks every row with a
 * cursor on the main thread (50,000 products: seconds of small tasks, each keystroke waiting
 * behind them), and misses the rows of pull pages not yet written row by row.
 */
export async function missingPhotos(
  db: TaliDb,
  listed?: readonly ListedProduct[],
): Promise<Missing[]> {
  const products = listed
    ? listed.filter((p) => (p.photos?.length ?? 0) > 0)
    : await db.products.filter((p) => (p.photos?.length ?? 0) > 0).toArray();
  const missing: Missing[] = [];
  for (const product of products) {
    const listed = product.photos ?? [];
    if (listed.length === 0) continue;
    const here = new Set(
      (await db.photos.where('productId').equals(product.id).primaryKeys()) as string[],
    );
    const removed = await db.meta.bulkGet(listed.map((p) => removedKey(p.id)));
    for (const [position, photo] of listed.entries()) {
      if (!here.has(photo.id) && !removed[position]) {
        missing.push({ productId: product.id, revision: product.revision, position, photo });
      }
    }
  }
  return missing;
}

/** Fetched and kept; false when the network failed (the pass stops). */
async function fetchOne(ctx: DeviceContext, item: Missing): Promise<boolean> {
  let blob: Blob;
  try {
    const res = await ctx.transport.fetch(photoUrl(item.photo.url, DEVICE_PHOTO_WIDTH), {
      method: 'GET',
    });
    // Gone meanwhile (removed on the other phone): the next pull drops it from the list.
    if (!res.ok) return true;
    blob = await res.blob();
  } catch {
    return false;
  }
  const local: LocalPhoto = {
    id: item.photo.id,
    productId: item.productId,
    position: item.position,
    blob,
    ...smallSize(item.photo),
    state: 'uploaded',
    listedAt: item.revision,
  };
  // Added meanwhile (the owner's own photo, another pass): what is here stays.
  await ctx.db.photos.add(local).catch((error: unknown) => {
    if ((error as Error)?.name !== 'ConstraintError') throw error;
  });
  return true;
}

/**
 * One pass: answers how many photos are still missing after it (0: all here). Forgets the
 * removal markers of photos the server no longer lists.
 */
export async function mirrorServerPhotos(
  ctx: DeviceContext,
  listed?: readonly ListedProduct[],
): Promise<number> {
  try {
    await dropRemovedPhotos(ctx, online());
  } catch (error) {
    // The server could not be asked (offline meanwhile): the next pass asks again.
    console.warn('removed photos not checked', error);
  }
  if (!online()) return -1;
  const missing = await missingPhotos(ctx.db, listed);
  const batch = missing.slice(0, MIRROR_PER_PASS);
  let failed = false;
  const next = async (): Promise<void> => {
    for (let item = batch.shift(); item && !failed; item = batch.shift()) {
      if (!online() || !(await fetchOne(ctx, item))) failed = true;
    }
  };
  try {
    await Promise.all(Array.from({ length: AT_ONCE }, next));
  } catch (error) {
    // A full quota: these are copies of what the server has; the pass simply stops.
    console.warn('server photos not kept', error);
    failed = true;
  }
  await forgetRemovals(ctx.db);
  return failed ? -1 : Math.max(0, missing.length - MIRROR_PER_PASS);
}

/**
 * The server acknowledged the photo's DELETE: its marker goes, unless this device's product row
 * still lists the photo (pulled before the DELETE): then the next pull's row clears it
 * (forgetRemovals), so the mirror never fetches it back in between.
 */
export async function forgetRemoval(db: TaliDb, photoId: string): Promise<void> {
  await db.transaction('rw', [db.meta, db.products], async () => {
    const marker = await db.meta.get(removedKey(photoId));
    if (!marker) return;
    const product = await db.products.get(String(marker.value));
    if ((product?.photos ?? []).some((p) => p.id === photoId)) return;
    await db.meta.delete(removedKey(photoId));
  });
}

async function forgetRemovals(db: TaliDb): Promise<void> {
  const markers = await db.meta.where('key').startsWith(removedKey('')).toArray();
  if (markers.length === 0) return;
  const products = await db.products.bulkGet(markers.map((m) => String(m.value)));
  const stale = markers.filter((marker, i) => {
    const listed = products[i]?.photos ?? [];
    return !listed.some((p) => removedKey(p.id) === marker.key);
  });
  await db.meta.bulkDelete(stale.map((m) => m.key));
}

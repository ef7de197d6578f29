/**
 * Photos removed on another phone leave this one: once a pulled product row is newer than the
 * revision at which the server listed a photo and no longer lists it, the photo goes, and a
 * deleted product's photos go with it. Only copies of what the server held ('uploaded'): a photo
 * held for a product not saved yet, or waiting in the queue, is this device's and always stays.
 */
import type { LocalPhoto, LocalProduct, TaliDb } from '~/db/db';
import { hasDeferred } from '~/db/deferred-pages';
import { type DeviceContext, request } from '~/db/transport';

/** Products asked of the server per pass (a replayed photo whose revision is not known). */
const ASKED_PER_PASS = 20;

type Verdict = 'keep' | 'drop' | 'ask' | { listedAt: number };

/** What the device's product row says about one of its uploaded photos. */
function verdict(photo: LocalPhoto, product: LocalProduct | undefined): Verdict {
  if (!product) return 'drop';
  if ((product.photos ?? []).some((p) => p.id === photo.id)) {
    return photo.listedAt === undefined && product.revision > 0
      ? { listedAt: product.revision }
      : 'keep';
  }
  // Not listed: a row older than the upload simply predates it.
  if (photo.listedAt === undefined) return 'ask';
  return product.revision > photo.listedAt ? 'drop' : 'keep';
}

/**
 * Drops the uploaded photos the device's product rows no longer list (or whose product is gone),
 * remembers the revision that lists the others, and answers the products of photos whose
 * revision is unknown and that their row does not list (the server decides those).
 */
async function pruneByRows(db: TaliDb): Promise<string[]> {
  return db.transaction('rw', [db.photos, db.products, db.deferred], async () => {
    // Pull pages still waiting to be written row by row (a first pull's minutes) hold newer
    // rows than the table: judged from the table, their photos would look orphaned. The pass
    // after the pages are written decides.
    if (await hasDeferred(db, db.products.name)) return [];
    const uploaded = await db.photos.filter((p) => p.state === 'uploaded').toArray();
    if (uploaded.length === 0) return [];
    const productIds = [...new Set(uploaded.map((p) => p.productId))];
    const rows = new Map(
      (await db.products.bulkGet(productIds)).flatMap((row) => (row ? [[row.id, row]] : [])),
    );
    const drop: string[] = [];
    const ask = new Set<string>();
    for (const photo of uploaded) {
      const said = verdict(photo, rows.get(photo.productId));
      if (said === 'drop') drop.push(photo.id);
      else if (said === 'ask') ask.add(photo.productId);
      else if (said !== 'keep') await db.photos.update(photo.id, { listedAt: said.listedAt });
    }
    await db.photos.bulkDelete(drop);
    return [...ask];
  });
}

/** The server's current list decides the photos of `productId` whose revision is unknown. */
async function askServer(ctx: DeviceContext, productId: string): Promise<void> {
  const res = await request(ctx.transport, 'GET', `/api/sync/products/${productId}`, {
    okStatuses: [404],
  });
  // Deleted there: the pull's tombstone removes the row, and its photos with it.
  if (res.status === 404) return;
  const row = (await res.json()) as { revision: number; photos?: Array<{ id: string }> };
  const listed = new Set((row.photos ?? []).map((p) => p.id));
  const { db } = ctx;
  await db.transaction('rw', db.photos, async () => {
    const unknown = await db.photos
      .where('productId')
      .equals(productId)
      .and((p) => p.state === 'uploaded' && p.listedAt === undefined)
      .toArray();
    for (const photo of unknown) {
      if (listed.has(photo.id)) await db.photos.update(photo.id, { listedAt: row.revision });
      else await db.photos.delete(photo.id);
    }
  });
}

/**
 * One pass. The rows' part needs no network; asking the server is skipped offline. A network
 * failure propagates (the mirror's pass stops there).
 */
export async function dropRemovedPhotos(ctx: DeviceContext, online: boolean): Promise<void> {
  const unknown = await pruneByRows(ctx.db);
  if (!online) return;
  for (const productId of unknown.slice(0, ASKED_PER_PASS)) await askServer(ctx, productId);
}

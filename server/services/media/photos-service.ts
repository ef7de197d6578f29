/**
 * Uploading, removing and ordering a product's photos. The heavy work (decoding, six encodes,
 * storing the files) happens before the store's write lock is taken; the lock covers only the
 * row and the product's new revision, so a photo upload never holds up the store's other edits.
 */
import { eq } from 'drizzle-orm';
import type { ApiProduct } from '../../../src/domain/api-types';
import { MAX_PHOTOS, PHOTO_TEXTS } from '../../../src/domain/photo';
import { PRODUCTS } from '../../../src/domain/sync/entities';
import type { Db } from '../../db/client';
import { productPhotos } from '../../db/schema';
import { type StoreTx, type Tx, writeStore } from '../../db/store-write';
import { ApiError } from '../../http';
import { logger } from '../../logger';
import { productTable } from '../catalogue/products-repo';
import { encodePhoto, mediaName, mediaNamesOf, photoHash } from './encode-photo';
import type { MediaStore } from './media-types';
import {
  findPhoto,
  hashInUse,
  knownSize,
  livePhotos,
  nextPosition,
  touchProduct,
} from './photo-rows';

type Deps = { db: Db; media: MediaStore; now: () => Date };
export type PhotoAnswer = { status: 200 | 201; product: ApiProduct };

/** The caller's live product, or 404 (unknown, another store's, deleted: never confirmed). */
async function ownProduct(tx: Tx, storeId: string, productId: string) {
  const product = await productTable.find(tx, productId);
  if (!product || product.storeId !== storeId) throw new ApiError(404, PRODUCTS.messages.notFound);
  if (product.deletedAt) throw new ApiError(404, PRODUCTS.messages.wasDeleted);
  return product;
}

/** A photo id of this product, or 404; another store's or product's id is never confirmed. */
async function ownPhoto(tx: Tx, storeId: string, productId: string, photoId: string) {
  const photo = await findPhoto(tx, photoId);
  if (!photo) return undefined;
  if (photo.storeId !== storeId || photo.productId !== productId) {
    throw new ApiError(404, PHOTO_TEXTS.notFound);
  }
  return photo;
}

/**
 * PUT /api/products/:id/photos/:photoId. Idempotent by photo id: the same bytes again store
 * nothing and answer 200; other bytes replace the photo in its place. A removed photo's id is 410,
 * so a late replay of its upload cannot bring it back.
 */
export async function putPhoto(
  deps: Deps,
  storeId: string,
  productId: string,
  photoId: string,
  bytes: Buffer,
): Promise<PhotoAnswer> {
  const hash = photoHash(bytes);
  const { db } = deps;
  const early = await db.transaction(async (tx) => {
    await ownProduct(tx, storeId, productId);
    const photo = await ownPhoto(tx, storeId, productId, photoId);
    if (photo?.deletedAt) throw new ApiError(410, PHOTO_TEXTS.gone);
    if (!photo && (await livePhotos(tx, productId)).length >= MAX_PHOTOS) {
      throw new ApiError(400, PHOTO_TEXTS.tooMany);
    }
    return photo;
  });
  if (early?.hash === hash) return { status: 200, product: await readProduct(db, productId) };

  const encoded = await encodeOnce(deps, bytes, hash);
  const url = `/media/${mediaName(hash, 1200, 'webp')}`;

  const { answer, replaced } = await writeStore(db, storeId, async (tx) => {
    await ownProduct(tx, storeId, productId);
    const photo = await ownPhoto(tx, storeId, productId, photoId);
    if (photo?.deletedAt) throw new ApiError(410, PHOTO_TEXTS.gone);
    const values = { hash, url, width: encoded.width, height: encoded.height };
    if (photo && photo.hash === hash) {
      return { answer: await answerOf(tx, productId, 200), replaced: null };
    }
    if (photo) {
      await tx.update(productPhotos).set(values).where(eqId(photoId));
    } else {
      if ((await livePhotos(tx, productId)).length >= MAX_PHOTOS) {
        throw new ApiError(400, PHOTO_TEXTS.tooMany);
      }
      const position = await nextPosition(tx, productId);
      await tx
        .insert(productPhotos)
        .values({ id: photoId, storeId, productId, position, ...values });
    }
    await touchProduct(tx, productId, deps.now());
    return { answer: await answerOf(tx, productId, photo ? 200 : 201), replaced: photo ?? null };
  });
  if (replaced) await dropUnusedFiles(deps, replaced.hash);
  return answer;
}

/**
 * The same bytes already uploaded (another photo, a product copied): their files are reused and
 * nothing is decoded again. Otherwise encoded and stored: files first, then the row, so a process
 * that dies in between leaves unused files, never a row whose files are missing.
 */
async function encodeOnce(
  deps: Deps,
  bytes: Buffer,
  hash: string,
): Promise<{ width: number; height: number }> {
  const known = await deps.db.transaction((tx) => knownSize(tx, hash), { accessMode: 'read only' });
  if (known && (await deps.media.has(mediaName(hash, 1200, 'webp')))) return known;
  const encoded = await encodePhoto(bytes, hash);
  for (const { name, file } of encoded.files) await deps.media.put(name, file);
  return encoded;
}

/** DELETE /api/products/:id/photos/:photoId: a tombstone; again → still 204. */
export async function deletePhoto(
  deps: Deps,
  storeId: string,
  productId: string,
  photoId: string,
): Promise<void> {
  const removed = await writeStore(deps.db, storeId, async (tx) => {
    await ownProduct(tx, storeId, productId);
    const photo = await ownPhoto(tx, storeId, productId, photoId);
    if (!photo) throw new ApiError(404, PHOTO_TEXTS.notFound);
    if (photo.deletedAt) return null;
    await tx.update(productPhotos).set({ deletedAt: deps.now() }).where(eqId(photoId));
    await touchProduct(tx, productId, deps.now());
    return photo;
  });
  if (removed) await dropUnusedFiles(deps, removed.hash);
}

/** PUT /api/products/:id/photos `{ order: [photoId…] }`: every live photo once, cover first. */
export async function orderPhotos(
  deps: Deps,
  storeId: string,
  productId: string,
  order: readonly string[],
): Promise<ApiProduct> {
  return writeStore(deps.db, storeId, async (tx) => {
    await ownProduct(tx, storeId, productId);
    const live = await livePhotos(tx, productId);
    const ids = new Set(live.map((p) => p.id));
    if (order.length !== ids.size || new Set(order).size !== order.length) {
      throw new ApiError(400, PHOTO_TEXTS.badOrder);
    }
    if (!order.every((id) => ids.has(id))) throw new ApiError(400, PHOTO_TEXTS.badOrder);
    // A replay of the same order writes nothing and moves no revision.
    if (live.every((p, i) => p.id === order[i]))
      return (await answerOf(tx, productId, 200)).product;
    let position = await nextPosition(tx, productId);
    for (const id of order) {
      await tx.update(productPhotos).set({ position: position++ }).where(eqId(id));
    }
    await touchProduct(tx, productId, deps.now());
    return (await answerOf(tx, productId, 200)).product;
  });
}

const eqId = (id: string) => eq(productPhotos.id, id);

async function answerOf(tx: StoreTx | Tx, productId: string, status: 200 | 201) {
  const product = await productTable.find(tx, productId);
  if (!product) throw new ApiError(404, PRODUCTS.messages.notFound);
  return { status, product: productTable.toApi(product) } satisfies PhotoAnswer;
}

function readProduct(db: Db, productId: string): Promise<ApiProduct> {
  return db.transaction(async (tx) => (await answerOf(tx, productId, 200)).product, {
    accessMode: 'read only',
  });
}

/**
 * Removes a photo's files once no live photo shows them (the same bytes may be another photo's).
 * Failing here leaves unused files, not a broken photo: logged, and the owner's change stands.
 */
async function dropUnusedFiles(deps: Deps, hash: string): Promise<void> {
  try {
    const used = await deps.db.transaction((tx) => hashInUse(tx, hash), {
      accessMode: 'read only',
    });
    if (!used) await deps.media.remove(mediaNamesOf(hash));
  } catch (error) {
    logger.warn('photo files not removed', { error: String(error) });
  }
}

/**
 * Uploading, removing and ordering a product's photos. The heavy work (decoding, six encodes,
 * storing the files) happens before the store's write lock is taken; the lock covers only the
 * row, the product's new revision and the check that the files are there (decision 020).
 */
import { eq } from 'drizzle-orm';
import type { ApiProduct } from '../../../src/domain/api-types';
import { MAX_PHOTOS, PHOTO_TEXTS } from '../../../src/domain/photo';
import { PRODUCTS } from '../../../src/domain/sync/entities';
import type { Db } from '../../db/client';
import { productPhotos } from '../../db/schema';
import { type StoreTx, type Tx, writeStore } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import {
  findPhoto,
  insertTombstone,
  knownSize,
  livePhotos,
  nextPosition,
  touchProduct,
} from '../catalogue/photo-rows';
import { productTable } from '../catalogue/products-repo';
import { type EncodedPhoto, encodePhoto, photoHash } from './encode-photo';
import { takeEncodeSlot } from './encode-slots';
import { dropUnusedFilesLogged, lockHash, witnessName } from './media-gc';
import type { MediaStore } from './media-types';

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
 * nothing and answer 200; other bytes replace the photo in its place. A removed photo's id is 410
 * (also when its DELETE came first: the tombstone), so a late upload cannot bring it back. An
 * upload refused after encoding (removed, product deleted, a fifth photo that won) leaves no files.
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

  let encoded = await encodeOnce(deps, storeId, bytes, hash);
  try {
    for (;;) {
      const written = await writePhoto(deps, storeId, productId, photoId, encoded);
      if (written === FILES_GONE) {
        // Removed meanwhile (another photo of these bytes removed, the clean-up): encode again.
        encoded = await encodeFresh(deps, storeId, bytes, hash);
        continue;
      }
      if (written.replaced) await dropUnusedFilesLogged(deps, written.replaced.hash);
      return written.answer;
    }
  } catch (error) {
    // Refused after its files were stored: they go at once, unless a live photo shows them.
    await dropUnusedFilesLogged(deps, hash);
    throw error;
  }
}

/** Sizes in hand (`files`) or only known to be stored (the same bytes uploaded before). */
type Encoded = { hash: string; width: number; height: number; files?: EncodedPhoto['files'] };
const FILES_GONE = Symbol('files gone');

/**
 * The row, under the store's lock and the hash's: the tombstone and the limit checked in the
 * transaction that writes, and the files checked (stored from `files` when missing) under the
 * lock the clean-up takes, so they cannot go between the check and the commit.
 */
function writePhoto(deps: Deps, storeId: string, productId: string, photoId: string, e: Encoded) {
  const { hash } = e;
  return writeStore(deps.db, storeId, async (tx) => {
    await ownProduct(tx, storeId, productId);
    const photo = await ownPhoto(tx, storeId, productId, photoId);
    if (photo?.deletedAt) throw new ApiError(410, PHOTO_TEXTS.gone);
    if (photo && photo.hash === hash) {
      return { answer: await answerOf(tx, productId, 200), replaced: null };
    }
    if (!photo && (await livePhotos(tx, productId)).length >= MAX_PHOTOS) {
      throw new ApiError(400, PHOTO_TEXTS.tooMany);
    }
    await lockHash(tx, hash);
    if (!(await deps.media.has(witnessName(hash), tx))) {
      if (!e.files) return FILES_GONE;
      for (const { name, file } of e.files) await deps.media.put(name, file, tx);
    }
    const url = `/media/${witnessName(hash)}`;
    const values = { hash, url, width: e.width, height: e.height };
    if (photo) {
      await tx.update(productPhotos).set(values).where(eqId(photoId));
    } else {
      const position = await nextPosition(tx, productId);
      await tx
        .insert(productPhotos)
        .values({ id: photoId, storeId, productId, position, ...values });
    }
    await touchProduct(tx, productId, deps.now());
    return { answer: await answerOf(tx, productId, photo ? 200 : 201), replaced: photo ?? null };
  });
}

/**
 * The same bytes already uploaded (another photo, a product copied): their files are reused and
 * nothing is decoded again. Otherwise encoded (in one of the store's encode slots) and stored:
 * files first, then the row, so a process that dies in between leaves unused files (the clean-up
 * job's), never a row whose files are missing.
 */
async function encodeOnce(deps: Deps, storeId: string, bytes: Buffer, hash: string) {
  const known = await deps.db.transaction((tx) => knownSize(tx, hash), { accessMode: 'read only' });
  if (known && (await deps.media.has(witnessName(hash)))) return { hash, ...known } as Encoded;
  return encodeFresh(deps, storeId, bytes, hash);
}

async function encodeFresh(deps: Deps, storeId: string, bytes: Buffer, hash: string) {
  const release = takeEncodeSlot(storeId);
  let encoded: EncodedPhoto;
  try {
    encoded = await encodePhoto(bytes, hash);
  } finally {
    release();
  }
  for (const { name, file } of encoded.files) await deps.media.put(name, file);
  return encoded as Encoded;
}

/**
 * DELETE /api/products/:id/photos/:photoId: a tombstone; again → still 204. A photo id not seen
 * yet on the caller's own live product (its upload not arrived, or still encoding) also leaves a
 * tombstone, so that upload is answered 410 and stores nothing.
 */
export async function deletePhoto(
  deps: Deps,
  storeId: string,
  productId: string,
  photoId: string,
): Promise<void> {
  const removed = await writeStore(deps.db, storeId, async (tx) => {
    await ownProduct(tx, storeId, productId);
    const photo = await ownPhoto(tx, storeId, productId, photoId);
    if (!photo) {
      await insertTombstone(tx, { id: photoId, storeId, productId }, deps.now());
      return null;
    }
    if (photo.deletedAt) return null;
    await tx.update(productPhotos).set({ deletedAt: deps.now() }).where(eqId(photoId));
    await touchProduct(tx, productId, deps.now());
    return photo;
  });
  if (removed) await dropUnusedFilesLogged(deps, removed.hash);
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

/**
 * A product's photos (issue 21): PUT the image bytes to /api/products/:id/photos/:photoId (the
 * photo's id made on the device), DELETE the same path, PUT /api/products/:id/photos to order them.
 * Mounted inside the products routes, behind their sign-in and store guards.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { PHOTO_CONTENT_TYPES, PHOTO_TEXTS } from '../../src/domain/photo';
import { PRODUCTS } from '../../src/domain/sync/entities';
import { ApiError, isUuid, readJson } from '../http';
import { BusyError } from '../services/media/encode-slots';
import { mediaStoreFor } from '../services/media/media-store';
import { deletePhoto, orderPhotos, putPhoto } from '../services/media/photos-service';
import type { AppEnv } from '../types';

export const photoRoutes = new Hono<AppEnv>();

/** The route's ids: a malformed product id is an unknown product, a malformed photo id a 400. */
function ids(productId: string, photoId?: string): { productId: string; photoId: string } {
  if (!isUuid(productId)) throw new ApiError(404, PRODUCTS.messages.notFound);
  if (photoId !== undefined && !isUuid(photoId)) {
    throw new ApiError(400, 'Identificador da foto inválido.');
  }
  return { productId: productId.toLowerCase(), photoId: (photoId ?? '').toLowerCase() };
}

const isPhotoType = (value: string): boolean =>
  (PHOTO_CONTENT_TYPES as readonly string[]).includes(value);

photoRoutes.put('/:id/photos/:photoId', async (c) => {
  const { productId, photoId } = ids(c.req.param('id'), c.req.param('photoId'));
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (!isPhotoType(type)) throw new ApiError(400, PHOTO_TEXTS.notImage);
  let bytes: Buffer;
  try {
    bytes = Buffer.from(await c.req.arrayBuffer());
  } catch (error) {
    // The body cap's own 413 passes through; anything else is a body cut short.
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, PHOTO_TEXTS.notImage);
  }
  const deps = c.var.deps;
  try {
    const answer = await putPhoto(
      { db: deps.db, media: mediaStoreFor(deps), now: deps.now },
      c.var.storeId,
      productId,
      photoId,
      bytes,
    );
    return c.json(answer.product, answer.status);
  } catch (error) {
    // Too many encodes at once: the phone's queue sends it again after this many seconds.
    if (error instanceof BusyError) c.header('Retry-After', String(error.retryAfter));
    throw error;
  }
});

photoRoutes.delete('/:id/photos/:photoId', async (c) => {
  const { productId, photoId } = ids(c.req.param('id'), c.req.param('photoId'));
  const deps = c.var.deps;
  await deletePhoto(
    { db: deps.db, media: mediaStoreFor(deps), now: deps.now },
    c.var.storeId,
    productId,
    photoId,
  );
  return c.body(null, 204);
});

const orderSchema = z.object({
  order: z.array(z.string().uuid({ error: PHOTO_TEXTS.badOrder }), { error: PHOTO_TEXTS.badOrder }),
});

photoRoutes.put('/:id/photos', async (c) => {
  const { productId } = ids(c.req.param('id'));
  const { order } = await readJson(c, orderSchema);
  const deps = c.var.deps;
  const product = await orderPhotos(
    { db: deps.db, media: mediaStoreFor(deps), now: deps.now },
    c.var.storeId,
    productId,
    order.map((id) => id.toLowerCase()),
  );
  return c.json(product, 200);
});

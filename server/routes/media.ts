/**
 * Public photo files (`/media/<hash>-<width>.<webp|jpg>`), served like static files: the name is
 * the content's address, so each answer is cacheable for a year and never revalidated. The format
 * is in the name, not negotiated, so the answer varies on nothing but compression.
 */
import { Hono } from 'hono';
import { PHOTO_TEXTS } from '../../src/domain/photo';
import { MEDIA_NAME, mediaStoreFor } from '../services/media/media-store';
import type { AppEnv } from '../types';

export const mediaRoutes = new Hono<AppEnv>();

const IMMUTABLE = 'public, max-age=31536000, immutable';

mediaRoutes.get('/:name', async (c) => {
  const name = c.req.param('name');
  if (!MEDIA_NAME.test(name)) return c.json({ message: PHOTO_TEXTS.notFound }, 404);
  const etag = `"${name}"`;
  const sent = c.req.header('if-none-match');
  // The bytes behind a name never change: a client that has the name has the bytes.
  if (sent?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304, { ETag: etag, 'Cache-Control': IMMUTABLE });
  }
  const file = await mediaStoreFor(c.var.deps).get(name);
  if (!file) {
    c.header('Cache-Control', 'no-store');
    return c.json({ message: PHOTO_TEXTS.notFound }, 404);
  }
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.bytes.length),
    'Cache-Control': IMMUTABLE,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  });
});

/**
 * Where photo files live, behind one small interface: the database by default (PGlite or
 * PostgreSQL, so every API process serves every photo) or a directory (`MEDIA_DIR`). An object
 * store (S3, R2…) is one more implementation of `MediaStore` chosen in `mediaStoreFor`; no caller
 * changes. Names are content-addressed (`<hash>-<width>.<ext>`): a name's bytes never change, so
 * `put` of an existing name may keep the old copy.
 */
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { dbMediaStore } from './db-media-store';
import { dirMediaStore } from './dir-media-store';
import type { MediaStore } from './media-types';

export type { MediaFile, MediaStore } from './media-types';

/** The public names of a content-addressed file: `<hash>-<width>.<webp|jpg>`. */
export const MEDIA_NAME = /^[A-Za-z0-9_-]{43}-(160|480|1200)\.(webp|jpg)$/;

const stores = new WeakMap<Db, MediaStore>();

/** The process's media store for this database (built once per database). */
export function mediaStoreFor(deps: { db: Db; env: Pick<Env, 'MEDIA_DIR'> }): MediaStore {
  let store = stores.get(deps.db);
  if (!store) {
    store = deps.env.MEDIA_DIR ? dirMediaStore(deps.env.MEDIA_DIR) : dbMediaStore(deps.db);
    stores.set(deps.db, store);
  }
  return store;
}

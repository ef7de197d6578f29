/**
 * Removing photo files nobody shows (decision 020, "Files"). Files are named by their content, so
 * one file may be several photos' (the same bytes on two products, or two stores): a hash's files
 * go only when no live photo of a live product names it. Checking and removing happen under the
 * hash's lock, the same lock an upload takes to check its files and write its row, so an upload of
 * the same bytes either commits first (the files stay) or finds them gone and stores them again.
 */
import { sql } from 'drizzle-orm';
import { PHOTO_WIDTHS } from '../../../src/domain/photo';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/store-write';
import { logger } from '../../logger';
import { hashesInUse, hashInUse } from '../catalogue/photo-rows';
import { mediaName } from './encode-photo';
import type { MediaStore } from './media-types';

/** A hash's lock, released at commit or rollback (seed 35: apart from the store's lock). */
export async function lockHash(tx: Tx, hash: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${hash}::text, 35))`);
}

/**
 * Every stored name of a photo, largest size last. Written in this order and removed in the
 * reverse one, so the largest WebP (`url`) being there means every size is: an upload checks it.
 */
export const mediaNamesOf = (hash: string) =>
  PHOTO_WIDTHS.flatMap((w) => [mediaName(hash, w, 'webp'), mediaName(hash, w, 'jpg')]);
export const witnessName = (hash: string) => mediaName(hash, 1200, 'webp');

type Deps = { db: Db; media: MediaStore };

/** Removes a hash's files unless a live photo of a live product names it; answers whether it did. */
export async function dropUnusedFiles(deps: Deps, hash: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    await lockHash(tx, hash);
    if (await hashInUse(tx, hash)) return false;
    await deps.media.remove(mediaNamesOf(hash).reverse(), tx);
    return true;
  });
}

/**
 * The same, where failing must not undo what the owner did (the photo removed, the upload
 * refused): the files stay, logged, and the clean-up job removes them later.
 */
export async function dropUnusedFilesLogged(deps: Deps, hash: string): Promise<void> {
  try {
    await dropUnusedFiles(deps, hash);
  } catch (error) {
    logger.warn('photo files not removed', { error: String(error) });
  }
}

/** Hashes checked per query of the sweep. */
const BATCH = 500;

/**
 * The clean-up job's pass: every stored hash no live photo shows loses its files (a deleted
 * product's photos, a removal or a refused upload whose own removal failed, a process killed
 * between storing and writing its row). Idempotent; answers how many hashes lost their files.
 */
export async function sweepUnusedMedia(deps: Deps): Promise<number> {
  const stored = await deps.media.storedHashes();
  let removed = 0;
  for (let i = 0; i < stored.length; i += BATCH) {
    const batch = stored.slice(i, i + BATCH);
    const used = await deps.db.transaction((tx) => hashesInUse(tx, batch), {
      accessMode: 'read only',
    });
    for (const hash of batch) {
      // Checked again under the lock: an upload may have committed since.
      if (!used.has(hash) && (await dropUnusedFiles(deps, hash))) removed++;
    }
  }
  return removed;
}

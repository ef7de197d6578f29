/**
 * A photo whose upload the worker's replay got a 2xx for: the server has it. The worker says so
 * on the device itself, as it does for a 410 (photo-gone.ts), instead of leaving it to a page
 * that may not be open to hear the announcement. Found by the chaos test (seed -2011613457): the
 * page missed it, the photo was then removed on another phone, and the 'waiting' photo, no
 * longer queued and no longer on the server, stayed on the phone that added it for ever.
 * Marked 'uploaded' (so the pull's prune can drop it when another phone removes it) and `full`
 * (its blob is still the bytes sent: the page shrinks it when it next sees it).
 */
import type { TaliDb } from './db';

export async function markPhotosSent(db: TaliDb, photoIds: readonly string[]): Promise<void> {
  if (photoIds.length === 0) return;
  await db.transaction('rw', db.photos, async () => {
    for (const photo of await db.photos.bulkGet([...photoIds])) {
      if (photo?.state === 'waiting') {
        await db.photos.update(photo.id, { state: 'uploaded', full: true });
      }
    }
  });
}

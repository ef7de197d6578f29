/**
 * A photo whose upload the server answered 410: it was removed (on another phone, or here)
 * before the upload reached it. It goes from the device with the refusals its PUT left, whoever
 * read the answer: the page (photo-repo.ts) or the worker's replay, which may run with the app
 * closed (sw/settlement.ts). Found by the chaos test (seed 1051439425): the phone that added the
 * photo kept it, waiting or "uploaded", and showed it again.
 */
import type { TaliDb } from './db';

const PHOTO_UPLOAD = /\/api\/products\/[^/]+\/photos\/([^/]+)$/;

/** The photo a PUT's URL uploads, if it is a photo's upload. */
const uploadedPhoto = (url: string) =>
  PHOTO_UPLOAD.exec(new URL(url, 'http://device').pathname)?.[1];

export async function dropGonePhotos(db: TaliDb, photoIds: readonly string[]): Promise<void> {
  if (photoIds.length === 0) return;
  await db.transaction('rw', [db.photos, db.deadLetters], async () => {
    await db.photos.bulkDelete([...photoIds]);
    const ids = new Set(photoIds);
    const letters = await db.deadLetters.toArray();
    const refusals = letters.filter(
      (l) => l.method === 'PUT' && ids.has(uploadedPhoto(l.url) ?? ''),
    );
    await db.deadLetters.bulkDelete(refusals.map((l) => l.id));
  });
}

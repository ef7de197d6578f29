/**
 * Photos the server refused (413 too large, 400 not an image or too many, 410 removed…). The
 * refusal is the dead letter its PUT left, from the page or the worker's replay (even while the
 * app was closed), so it is read from there: the photo shows the server's message, not
 * 'Aguardando conexão', and the owner can remove it.
 */
import type { DeadLetter, TaliDb } from '~/db/db';

const PHOTO_PATH = /\/api\/products\/([^/]+)\/photos\/([^/?#]+)$/;

function photoOf(letter: DeadLetter): { productId: string; photoId: string } | null {
  if (letter.method !== 'PUT') return null;
  const match = PHOTO_PATH.exec(new URL(letter.url, 'http://device').pathname);
  return match ? { productId: match[1] ?? '', photoId: match[2] ?? '' } : null;
}

/** Refused photos of a product: photo id → the server's message (the latest refusal). */
export async function photoRefusals(db: TaliDb, productId: string): Promise<Map<string, string>> {
  const letters = await db.deadLetters.orderBy('failedAt').toArray();
  const refused = new Map<string, string>();
  for (const letter of letters) {
    const photo = photoOf(letter);
    if (photo?.productId === productId) refused.set(photo.photoId, letter.message);
  }
  return refused;
}

/** The photo is gone from the device: its refusals go with it. */
export async function forgetPhotoRefusals(db: TaliDb, photoId: string): Promise<void> {
  const letters = await db.deadLetters.toArray();
  const ids = letters.filter((l) => photoOf(l)?.photoId === photoId).map((l) => l.id);
  await db.deadLetters.bulkDelete(ids);
}

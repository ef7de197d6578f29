/** Media files in the database (`media_files`): the default store, shared by every API process. */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstRow } from '../../db/first-row';
import { mediaFiles } from '../../db/schema';
import type { MediaStore } from './media-types';

export function dbMediaStore(db: Db): MediaStore {
  return {
    async put(name, file) {
      await db
        .insert(mediaFiles)
        .values({ name, contentType: file.contentType, bytes: file.bytes })
        .onConflictDoNothing({ target: mediaFiles.name });
    },
    async get(name) {
      return firstRow(
        db
          .select({ contentType: mediaFiles.contentType, bytes: mediaFiles.bytes })
          .from(mediaFiles)
          .where(eq(mediaFiles.name, name)),
      );
    },
    async has(name) {
      const row = await firstRow(
        db.select({ name: mediaFiles.name }).from(mediaFiles).where(eq(mediaFiles.name, name)),
      );
      return row !== null;
    },
    async remove(names) {
      if (names.length === 0) return;
      await db.delete(mediaFiles).where(inArray(mediaFiles.name, [...names]));
    },
  };
}

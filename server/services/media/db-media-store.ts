/** Media files in the database (`media_files`): the default store, shared by every API process. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstRow } from '../../db/first-row';
import { mediaFiles } from '../../db/schema';
import type { MediaStore } from './media-types';

export function dbMediaStore(db: Db): MediaStore {
  return {
    async put(name, file, on) {
      await (on ?? db)
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
    async has(name, on) {
      const row = await firstRow(
        (on ?? db)
          .select({ name: mediaFiles.name })
          .from(mediaFiles)
          .where(eq(mediaFiles.name, name)),
      );
      return row !== null;
    },
    async remove(names, on) {
      if (names.length === 0) return;
      await (on ?? db).delete(mediaFiles).where(inArray(mediaFiles.name, [...names]));
    },
    async storedHashes() {
      const hash = sql<string>`left(${mediaFiles.name}, 43)`;
      const rows = await db.selectDistinct({ hash }).from(mediaFiles);
      return rows.map((r) => r.hash);
    },
  };
}

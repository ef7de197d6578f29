/**
 * Media files in a directory (`MEDIA_DIR`): for one machine, or a shared volume every process
 * mounts. A file is written to a temporary name and renamed, so a reader never sees half of one.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tightenDir } from '../../ops/file-modes';
import type { MediaStore } from './media-types';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

const NAME = /^[A-Za-z0-9_-]{43}-\d+\.(webp|jpg)$/;

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

export function dirMediaStore(dir: string): MediaStore {
  // Owner-only, like DATA_DIR (server/ops/file-modes.ts): a folder made before is tightened too.
  const ready = mkdir(dir, { recursive: true, mode: 0o700 }).then(() => tightenDir(dir));
  // Names are checked by the callers (MEDIA_NAME): no separators, so a name cannot leave the folder.
  const pathOf = (name: string) => join(dir, name);
  return {
    async put(name, file) {
      await ready;
      const temporary = pathOf(`.${name}.${randomUUID()}.tmp`);
      await writeFile(temporary, file.bytes, { mode: 0o600 });
      await rename(temporary, pathOf(name));
    },
    async get(name) {
      try {
        const bytes = await readFile(pathOf(name));
        const ext = name.slice(name.lastIndexOf('.') + 1);
        return { contentType: TYPES[ext] ?? 'application/octet-stream', bytes };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(name) {
      try {
        await stat(pathOf(name));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async remove(names) {
      for (const name of names) {
        try {
          await unlink(pathOf(name));
        } catch (error) {
          // Already gone: removing is idempotent.
          if (!isMissing(error)) throw error;
        }
      }
    },
    async storedHashes() {
      await ready;
      // Temporary names start with a dot and never match (a name is `<43 characters>-<width>…`).
      const names = (await readdir(dir)).filter((name) => NAME.test(name));
      return [...new Set(names.map((name) => name.slice(0, 43)))];
    },
  };
}

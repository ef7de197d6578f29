/**
 * The device's key-value tables (meta, drafts): what the page keeps beside the synced rows
 * (the session, caches, the forms' drafts). Features and src/lib reach them only here, never
 * through db.ts: the synced tables stay behind the repositories (a dependency-cruiser rule).
 * Import it on demand where Dexie must not load with the page (/login).
 */
import { clearDeviceData, type Draft, db, type Meta } from './db';

export { clearDeviceData };

/** The meta table: a value by key. */
export const meta = {
  get: (key: string): Promise<Meta | undefined> => db.meta.get(key),
  put: (row: Meta) => db.meta.put(row),
  bulkPut: (rows: Meta[]) => db.meta.bulkPut(rows),
  delete: (key: string) => db.meta.delete(key),
  bulkDelete: (keys: string[]) => db.meta.bulkDelete(keys),
};

/** The drafts table: what the owner typed, by form. */
export const drafts = {
  get: (key: string): Promise<Draft | undefined> => db.drafts.get(key),
  put: (row: Draft) => db.drafts.put(row),
  delete: (key: string) => db.drafts.delete(key),
  bulkDelete: (keys: string[]) => db.drafts.bulkDelete(keys),
};

/** Runs `work` in one read-write transaction of the drafts table (read, then write, atomically). */
export function inDraftsTransaction<T>(work: () => Promise<T>): Promise<T> {
  return db.transaction('rw', db.drafts, work);
}

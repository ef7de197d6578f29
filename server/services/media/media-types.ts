/** The media store's contract (media-store.ts picks the implementation). */
import type { Tx } from '../../db/store-write';

export type MediaFile = { contentType: string; bytes: Buffer };

/**
 * Where photo files live. Names are content-addressed (`<hash>-<width>.<ext>`): a name's bytes
 * never change, so `put` of an existing name may keep the old copy. `on`: the transaction that
 * holds the hash's lock (media-gc.ts), so the database store writes inside it; a directory
 * ignores it (the lock still orders its file operations).
 */
export interface MediaStore {
  /** Stores the file; a repeat of the same name is a no-op. */
  put(name: string, file: MediaFile, on?: Tx): Promise<void>;
  get(name: string): Promise<MediaFile | null>;
  has(name: string, on?: Tx): Promise<boolean>;
  /** Removes the files, in the order given; names already gone are skipped. */
  remove(names: readonly string[], on?: Tx): Promise<void>;
  /** The content hashes that have at least one stored file (the clean-up's candidates). */
  storedHashes(): Promise<string[]>;
}

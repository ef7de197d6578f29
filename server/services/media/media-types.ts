/** The media store's contract (media-store.ts picks the implementation). */

export type MediaFile = { contentType: string; bytes: Buffer };

/**
 * Where photo files live. Names are content-addressed (`<hash>-<width>.<ext>`): a name's bytes
 * never change, so `put` of an existing name may keep the old copy.
 */
export interface MediaStore {
  /** Stores the file; a repeat of the same name is a no-op. */
  put(name: string, file: MediaFile): Promise<void>;
  get(name: string): Promise<MediaFile | null>;
  has(name: string): Promise<boolean>;
  /** Removes the files; names already gone are skipped. */
  remove(names: readonly string[]): Promise<void>;
}

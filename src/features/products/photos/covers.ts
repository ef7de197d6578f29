/**
 * The covers of the products on the device, for the owner's list: one live read of the photos
 * table for the whole list, not one per row. A row that scrolls in or a keystroke that changes
 * the list only looks its product up here; before, every row mounted opened its own IndexedDB
 * read and live subscription, a few ms of main-thread work each (bench/search.ts's profile).
 * Each cover's object URL is made once and revoked when the cover changes or the list goes.
 */
import { liveQuery, type Subscription } from 'dexie';
import { useSyncExternalStore } from 'react';
import type { LocalPhoto, TaliDb } from '~/db/db';
import { useDeviceStore } from '~/db/device-store-context';

/** The lowest position of each product's photos, as an object URL. */
type Cover = { version: string; url: string };

/** After the last row leaves, the read is kept this long (a search with no results, then more). */
const LINGER_MS = 30_000;

class CoverIndex {
  private covers = new Map<string, Cover>();
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly db: TaliDb) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.stopTimer !== undefined) clearTimeout(this.stopTimer);
    this.stopTimer = undefined;
    this.subscription ??= liveQuery(() => this.db.photos.toArray()).subscribe({
      next: (photos) => this.update(photos),
      // The database was closed (logout) or deleted: the list shows no covers.
      error: (error: unknown) => console.warn('product covers', error),
    });
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopTimer = setTimeout(() => this.stop(), LINGER_MS);
    };
  };

  url(productId: string): string | undefined {
    return this.covers.get(productId)?.url;
  }

  private update(photos: LocalPhoto[]): void {
    const lowest = new Map<string, LocalPhoto>();
    for (const photo of photos) {
      const seen = lowest.get(photo.productId);
      if (!seen || photo.position < seen.position) lowest.set(photo.productId, photo);
    }
    const next = new Map<string, Cover>();
    for (const [productId, photo] of lowest) {
      const kept = this.covers.get(productId);
      // Each read gives new Blob objects: the same photo in the same state (an upload swaps the
      // blob for its 480 px size) and size is the same picture, and keeps its URL.
      const version = `${photo.id}:${photo.state}:${photo.blob.size}`;
      next.set(
        productId,
        kept?.version === version ? kept : { version, url: URL.createObjectURL(photo.blob) },
      );
    }
    for (const [productId, cover] of this.covers) {
      if (next.get(productId) !== cover) URL.revokeObjectURL(cover.url);
    }
    this.covers = next;
    for (const listener of this.listeners) listener();
  }

  private stop(): void {
    this.stopTimer = undefined;
    if (this.listeners.size > 0) return;
    this.subscription?.unsubscribe();
    this.subscription = null;
    for (const cover of this.covers.values()) URL.revokeObjectURL(cover.url);
    this.covers = new Map();
  }
}

const indexes = new WeakMap<TaliDb, CoverIndex>();

/** The object URL of a product's cover on this device; undefined while it has none. */
export function useCoverUrl(productId: string): string | undefined {
  const { db } = useDeviceStore();
  let index = indexes.get(db);
  if (!index) {
    index = new CoverIndex(db);
    indexes.set(db, index);
  }
  const covers = index;
  return useSyncExternalStore(covers.subscribe, () => covers.url(productId));
}

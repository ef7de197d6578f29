/**
 * A live read of a whole table that stays cheap under bursts of writes. useLiveQuery re-runs its
 * query after every transaction: during a first pull of 50,000 products (50 pages) that means
 * re-reading a growing table 50 times. Here reads never overlap and are at least `gapMs` apart;
 * the last state is always read.
 */
import Dexie from 'dexie';
import { useEffect, useRef, useState } from 'react';
import type { EntityTableName } from '~/domain/sync/entities';
import { db } from './db';

let held = 0;
const readers = new Set<() => Promise<void>>();
const inFlight = new Set<Promise<void>>();

/**
 * Runs a bulk write (a CSV import) without refreshing snapshots in between: each refresh would
 * read the growing table while the write waits behind it. Snapshots refresh once at the end.
 */
export async function holdSnapshots<T>(work: () => Promise<T>): Promise<T> {
  held++;
  try {
    return await work();
  } finally {
    held--;
    // The bulk work is over: the screens show its result now, without the usual gap.
    if (held === 0) for (const readNow of readers) void readNow();
  }
}

/**
 * Every mounted snapshot reads now (no gap, even while held); resolves once they have read. A
 * pull calls it after its first page, before the next page's write: IndexedDB runs a read queued
 * after a write on the same table only when that write ends, so the first products would
 * otherwise wait for the next 5,000 rows to be written.
 */
export async function readSnapshotsNow(): Promise<void> {
  await Promise.all([...readers].map((read) => read()));
}

/**
 * Resolves when no screen is reading its table for the first time. A screen reads a big table in
 * slices, each its own IndexedDB transaction; a write queued meanwhile would hold every later
 * slice (and the screen's first paint) until it ends, so a pull lets a screen that has shown
 * nothing yet finish its read before it writes a page. Later refreshes do not hold the pull.
 */
export async function firstReadsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all(inFlight);
}

/**
 * `read` of the named tables (one or several), re-run after their writes as described above;
 * undefined until the first read ends.
 */
export function useTableSnapshot<T>(
  tables: EntityTableName | readonly EntityTableName[],
  read: () => Promise<T>,
  gapMs = 400,
): T | undefined {
  const [rows, setRows] = useState<T | undefined>(undefined);
  // The tables as one string: a fresh array each render is still the same subscription.
  const names = typeof tables === 'string' ? tables : tables.join(',');
  // `read` is a fresh closure each render; the table and the gap identify the subscription.
  const readRef = useRef(read);
  readRef.current = read;
  useEffect(() => {
    let cancelled = false;
    let current: Promise<void> | undefined;
    let dirty = false;
    let shown = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastRead = 0;
    let lastDuration = 0;
    // Resolves when the table has been read (again, if a read was asked while one ran).
    const read = async () => {
      try {
        do {
          dirty = false;
          lastRead = performance.now();
          const next = await readRef.current();
          lastDuration = performance.now() - lastRead;
          if (!cancelled) setRows(next);
          shown = true;
        } while (dirty && !cancelled);
      } catch {
        // The database was closed (logout) or deleted: the next mutation reads again.
      }
    };
    // Resolves when the table has been read (again, if a read was asked while one ran).
    const load = (): Promise<void> => {
      if (current) {
        dirty = true;
        return current;
      }
      const running: Promise<void> = read().finally(() => {
        inFlight.delete(running);
        current = undefined;
      });
      current = running;
      if (!shown) inFlight.add(running);
      return running;
    };
    const readNow = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      return load();
    };
    const schedule = () => {
      if (timer !== undefined || held > 0) return;
      // A long read (a big table) waits longer, so reads never take more than a third of the
      // time of a burst of writes: a read holds back the writes queued behind it.
      const gap = Math.max(gapMs, 3 * lastDuration);
      const wait = Math.max(0, gap - (performance.now() - lastRead));
      timer = setTimeout(() => {
        timer = undefined;
        void load();
      }, wait);
    };
    // The tables, and the pull pages waiting to be written to them (read with them:
    // deferred-pages.ts).
    const prefixes = [...names.split(','), db.deferred.name].map((t) => `idb://${db.name}/${t}/`);
    const onMutated = (parts: Record<string, unknown>) => {
      if (Object.keys(parts).some((key) => prefixes.some((p) => key.startsWith(p)))) schedule();
    };
    Dexie.on.storagemutated.subscribe(onMutated);
    readers.add(readNow);
    void load();
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
      Dexie.on.storagemutated.unsubscribe(onMutated);
      readers.delete(readNow);
    };
  }, [names, gapMs]);
  return rows;
}

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
const released = new Set<() => void>();

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
    if (held === 0) for (const refresh of released) refresh();
  }
}

export function useTableSnapshot<T>(
  table: EntityTableName,
  read: () => Promise<T[]>,
  gapMs = 400,
): T[] | undefined {
  const [rows, setRows] = useState<T[] | undefined>(undefined);
  // `read` is a fresh closure each render; the table and the gap identify the subscription.
  const readRef = useRef(read);
  readRef.current = read;
  useEffect(() => {
    let cancelled = false;
    let running = false;
    let dirty = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastRead = 0;
    let lastDuration = 0;
    const load = async () => {
      if (running) {
        dirty = true;
        return;
      }
      running = true;
      try {
        do {
          dirty = false;
          lastRead = performance.now();
          const next = await readRef.current();
          lastDuration = performance.now() - lastRead;
          if (!cancelled) setRows(next);
        } while (dirty && !cancelled);
      } catch {
        // The database was closed (logout) or deleted: the next mutation reads again.
      } finally {
        running = false;
      }
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
    const prefix = `idb://${db.name}/${table}/`;
    const onMutated = (parts: Record<string, unknown>) => {
      if (Object.keys(parts).some((key) => key.startsWith(prefix))) schedule();
    };
    Dexie.on.storagemutated.subscribe(onMutated);
    released.add(schedule);
    void load();
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
      Dexie.on.storagemutated.unsubscribe(onMutated);
      released.delete(schedule);
    };
  }, [table, gapMs]);
  return rows;
}

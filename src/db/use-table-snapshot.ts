/**
 * A live read of a whole table that stays cheap under bursts of writes. useLiveQuery re-runs its
 * query after every transaction: during a first pull of 50,000 products (50 pages) that means
 * re-reading a growing table 50 times. Here reads never overlap and are at least `gapMs` apart;
 * the last state is always read.
 */
import Dexie from 'dexie';
import { useEffect, useRef, useState } from 'react';
import type { EntityTableName } from '~/domain/sync/entities';
import type { TaliDb } from './db';
import { useDeviceStore } from './device-store-context';

/**
 * `read` of the named tables (one or several) in the screens' device store, re-run after their
 * writes as described above; undefined until the first read ends. `read` gets the value shown
 * (undefined the first time): answering that same value again changes nothing on screen.
 */
export function useTableSnapshot<T>(
  tables: EntityTableName | readonly EntityTableName[],
  read: (db: TaliDb, shown: T | undefined) => Promise<T>,
  gapMs = 400,
): T | undefined {
  const { db, screens } = useDeviceStore();
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
    let value: T | undefined;
    // Resolves when the table has been read (again, if a read was asked while one ran).
    const read = async () => {
      try {
        do {
          dirty = false;
          lastRead = performance.now();
          const next = await readRef.current(db, value);
          lastDuration = performance.now() - lastRead;
          if (!cancelled) {
            value = next;
            setRows(next);
          }
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
        current = undefined;
      });
      current = running;
      if (!shown) screens.firstRead(running);
      return running;
    };
    const readNow = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      return load();
    };
    const schedule = () => {
      if (timer !== undefined || screens.isHeld) return;
      // A long read (a big table) waits longer, so reads never take more than a third of the
      // time of a burst of writes: a read holds back the writes queued behind it.
      const gap = Math.max(gapMs, 3 * lastDuration);
      const wait = Math.max(0, gap - (performance.now() - lastRead));
      timer = setTimeout(() => {
        timer = undefined;
        // Held since it was set (a pull's pages, the deferred pages' writes): the hold's end
        // reads, and a read now would only repeat the one the hold's start asked for.
        if (!screens.isHeld) void load();
      }, wait);
    };
    // The tables, and the pull pages waiting to be written to them (read with them:
    // deferred-pages.ts).
    const prefixes = [...names.split(','), db.deferred.name].map((t) => `idb://${db.name}/${t}/`);
    const onMutated = (parts: Record<string, unknown>) => {
      if (Object.keys(parts).some((key) => prefixes.some((p) => key.startsWith(p)))) schedule();
    };
    Dexie.on.storagemutated.subscribe(onMutated);
    const unmount = screens.mount(readNow);
    void load();
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
      Dexie.on.storagemutated.unsubscribe(onMutated);
      unmount();
    };
  }, [names, gapMs, db, screens]);
  return rows;
}

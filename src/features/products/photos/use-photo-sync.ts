/**
 * While the products screen is open: waiting photos learn that the server has them, and photos
 * added on another phone are fetched (photo-mirror.ts) — at once, on reconnection, and after a
 * pull (or any write) changes the products.
 */
import Dexie from 'dexie';
import { useEffect } from 'react';
import { useDeviceStore } from '~/db/device-store-context';
import type { DeviceContext } from '~/db/transport';
import { mirrorServerPhotos } from './photo-mirror';
import { confirmWaitingPhotos, listenForPhotoReplays } from './photo-sync';

/** Rows a pull writes arrive in pages: their photos are fetched once the page settles. */
const SETTLE_MS = 1000;
/** A pass that left photos missing is followed by the next after this pause. */
const NEXT_PASS_MS = 2000;

const warn = (what: string) => (error: unknown) => console.warn(what, error);

/**
 * Passes until nothing is missing, the network fails or the screen closes; one pass at a time
 * (a request during a pass runs one more after it).
 */
function mirrorRunner(device: DeviceContext, stopped: () => boolean): () => void {
  let running = false;
  let again = false;
  const pass = async (): Promise<void> => {
    running = true;
    again = false;
    const left = await mirrorServerPhotos(device).finally(() => {
      running = false;
    });
    if (stopped()) return;
    if (again) void pass().catch(warn('server photos not fetched'));
    else if (left > 0) setTimeout(run, NEXT_PASS_MS);
  };
  const run = () => {
    if (running) again = true;
    else void pass().catch(warn('server photos not fetched'));
  };
  return run;
}

export function usePhotoSync(): void {
  const device = useDeviceStore();
  useEffect(() => {
    let stopped = false;
    const mirror = mirrorRunner(device, () => stopped);
    const stop = listenForPhotoReplays(device);
    const onOnline = () => {
      confirmWaitingPhotos(device).catch(warn('waiting photos not confirmed'));
      mirror();
    };
    onOnline();
    window.addEventListener('online', onOnline);

    // A write to the products (a pull's page, an edit) may bring photo lists: one pass once
    // the writes settle. Dexie's change event costs nothing per row, unlike table hooks.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const part = `idb://${device.db.name}/products/`;
    const onMutated = (parts: Record<string, unknown>) => {
      if (!Object.keys(parts).some((key) => key.startsWith(part))) return;
      clearTimeout(timer);
      timer = setTimeout(mirror, SETTLE_MS);
    };
    Dexie.on('storagemutated', onMutated);
    return () => {
      stopped = true;
      stop();
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      Dexie.on('storagemutated').unsubscribe(onMutated);
    };
  }, [device]);
}

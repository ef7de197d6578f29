/**
 * While the products screen is open: waiting photos learn that the server has them, and photos
 * added on another phone are fetched (photo-mirror.ts) — at once, on reconnection, and whenever
 * the screen's catalogue changes (a pull's page, an edit).
 */
import { useEffect, useRef } from 'react';
import { useDeviceStore } from '~/db/device-store-context';
import type { DeviceContext } from '~/db/transport';
import { type ListedProduct, mirrorServerPhotos } from './photo-mirror';
import { confirmWaitingPhotos, listenForPhotoReplays } from './photo-sync';

/** A pass that left photos missing is followed by the next after this pause. */
const NEXT_PASS_MS = 2000;

const warn = (what: string) => (error: unknown) => console.warn(what, error);

/**
 * Passes over the products `listed()` answers until nothing is missing, the network fails or the
 * screen closes; one pass at a time (a request during a pass runs one more after it); none
 * before the screen has read its catalogue.
 */
function mirrorRunner(
  device: DeviceContext,
  listed: () => readonly ListedProduct[] | undefined,
  stopped: () => boolean,
): () => void {
  let running = false;
  let again = false;
  const pass = async (products: readonly ListedProduct[]): Promise<void> => {
    running = true;
    again = false;
    const left = await mirrorServerPhotos(device, products).finally(() => {
      running = false;
    });
    if (stopped()) return;
    if (again) run();
    else if (left > 0) setTimeout(run, NEXT_PASS_MS);
  };
  const run = () => {
    const products = listed();
    if (!products) return;
    if (running) again = true;
    else void pass(products).catch(warn('server photos not fetched'));
  };
  return run;
}

/**
 * `catalogue`: the products the screen holds (deferred pull pages included), so a pass reads no
 * table: a new snapshot of it is what says the products changed, and an unchanged one (the
 * deferred pages written row by row) starts no pass.
 */
export function usePhotoSync(catalogue: readonly ListedProduct[] | undefined): void {
  const device = useDeviceStore();
  const listed = useRef(catalogue);
  listed.current = catalogue;
  const mirrorNow = useRef<(() => void) | null>(null);
  useEffect(() => {
    let stopped = false;
    const mirror = mirrorRunner(
      device,
      () => listed.current,
      () => stopped,
    );
    mirrorNow.current = mirror;
    const stop = listenForPhotoReplays(device);
    const onOnline = () => {
      confirmWaitingPhotos(device).catch(warn('waiting photos not confirmed'));
      mirror();
    };
    onOnline();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      mirrorNow.current = null;
      stop();
      window.removeEventListener('online', onOnline);
    };
  }, [device]);
  useEffect(() => {
    if (catalogue) mirrorNow.current?.();
  }, [catalogue]);
}

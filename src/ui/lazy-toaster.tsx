/**
 * The app's toaster, mounted when the browser is idle after start-up or at once when a toast is
 * asked for before that. Its code (Ark UI's toast group, two zag machines) is then neither
 * evaluated nor rendered in the start-up tasks of the first screen (issue 14, decision 014).
 * A toast created before it mounts is shown when it does (zag reads the store's toasts on mount).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { bottomToaster, topToaster, visibleToasts } from '~/lib/toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/** Runs `fn` when the main thread is idle (at the latest after `timeout` ms). */
function whenIdle(fn: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}

export function LazyToaster() {
  const [mounted, setMounted] = useState(() => visibleToasts().length > 0);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    const stops = [
      bottomToaster.subscribe(mount),
      topToaster.subscribe(mount),
      whenIdle(mount, 2000),
    ];
    if (visibleToasts().length > 0) mount();
    return () => {
      for (const stop of stops) stop();
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

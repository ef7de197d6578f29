/**
 * A screen that must show the server's news within seconds (orders, issue 20: a new order within
 * 5 s without a reload) pulls every few seconds while the page is visible and online. A pull with
 * nothing new is one small request; pulls already share one run (device-store.ts).
 */
import { useEffect } from 'react';
import { useDeviceStore } from '~/db/device-store-context';

/**
 * An order shows at worst this long after its 201, plus the pull and the screen's re-read
 * (≤ 400 ms apart): 4 s gave 4.3 s in bench/orders.ts on a quiet host, too near the 5 s.
 */
export const PULL_POLL_MS = 3000;

export function usePullPoll(): void {
  const store = useDeviceStore();
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) {
        store.pullNow().catch((error: unknown) => console.warn('pull poll', error));
      }
    };
    const id = setInterval(tick, PULL_POLL_MS);
    return () => clearInterval(id);
  }, [store]);
}

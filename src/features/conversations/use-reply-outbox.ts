/**
 * Sends the owner's replies kept on the phone (src/db/conversations-replies.ts) while the app is
 * open: at start, on reconnect, and every few seconds while online (a send can fail while the
 * phone believes it is online). Mounted once, with the tab bar of the main screens.
 */
import { useEffect } from 'react';
import { flushReplies } from '~/db/conversations-replies';
import { useDeviceStore } from '~/db/device-store-context';

export const OUTBOX_RETRY_MS = 15_000;

export function useReplyOutbox(): void {
  const store = useDeviceStore();
  useEffect(() => {
    let running = false;
    const pass = async () => {
      if (running || !navigator.onLine) return;
      running = true;
      try {
        await flushReplies(store);
      } catch (error) {
        // The database closed (logout): nothing to send.
        console.warn('reply outbox', error);
      } finally {
        running = false;
      }
    };
    void pass();
    const onOnline = () => void pass();
    window.addEventListener('online', onOnline);
    const id = setInterval(() => {
      if (document.visibilityState === 'visible') void pass();
    }, OUTBOX_RETRY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      clearInterval(id);
    };
  }, [store]);
}

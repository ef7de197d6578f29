/** While the app is open and online, changes still waiting after a pass are retried every 30 s. */
import type { SyncMessage } from '~/domain/sync/protocol';

/**
 * A send can fail while the phone believes it is online (flaky data, server restarting): no
 * `online` event will follow, and Safari has no Background Sync. Not while a sign-in is awaited:
 * the queue would only meet another 401.
 */
export const RETRY_DELAY_MS = 30_000;

export function createRetryScheduler(
  replay: () => void,
  isOnline: () => boolean,
  delayMs = RETRY_DELAY_MS,
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waitingForSignIn = false;

  function cancel() {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  return {
    onMessage(message: SyncMessage): void {
      if (message.type === 'auth-required') waitingForSignIn = true;
      if (message.type === 'replayed') waitingForSignIn = false;
      if (message.type !== 'replay-done' && message.type !== 'queued') return;
      if (message.size === 0) {
        cancel();
        return;
      }
      if (timer || waitingForSignIn || !isOnline()) return;
      timer = setTimeout(() => {
        timer = null;
        if (isOnline()) replay();
      }, delayMs);
    },
    /** A sign-in happened: the queue may go again. */
    signedIn(): void {
      waitingForSignIn = false;
    },
    cancel,
  };
}

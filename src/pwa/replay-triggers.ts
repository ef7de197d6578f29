/** Asks the worker to send its queue when the phone is back online or the app is back in front. */
import type { PageToWorker } from '../db/sync-protocol';

/** Chrome may fire `sync` minutes late and Safari/Firefox never do: the page nudges the worker. */
export function requestReplay(): void {
  const message: PageToWorker = { type: 'REPLAY' };
  navigator.serviceWorker?.controller?.postMessage(message);
}

/** Dispatched by src/app/auth-context.tsx after a sign-in (a queue held by a 401 can go now). */
const SIGNED_IN_EVENT = 'tali:signed-in';

export function startReplayTriggers(): void {
  window.addEventListener('online', requestReplay);
  window.addEventListener(SIGNED_IN_EVENT, requestReplay);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) requestReplay();
  });
}

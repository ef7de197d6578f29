/** Asks the worker to send its queue when the phone is back online or the app is back in front. */
import { type PageToWorker, SYNC_CHANNEL, type SyncMessage } from '../domain/sync/protocol';
import { SIGNED_IN_EVENT } from '../lib/session';
import { createRetryScheduler } from './retry-while-online';

/** Chrome may fire `sync` minutes late and Safari/Firefox never do: the page nudges the worker. */
export function requestReplay(): void {
  const message: PageToWorker = { type: 'REPLAY' };
  navigator.serviceWorker?.controller?.postMessage(message);
}

export function startReplayTriggers(): void {
  const retry = createRetryScheduler(requestReplay, () => navigator.onLine);
  new BroadcastChannel(SYNC_CHANNEL).onmessage = (e: MessageEvent<SyncMessage>) =>
    retry.onMessage(e.data);
  window.addEventListener('online', requestReplay);
  window.addEventListener(SIGNED_IN_EVENT, () => {
    retry.signedIn();
    requestReplay();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) requestReplay();
  });
}

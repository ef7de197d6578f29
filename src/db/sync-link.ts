/**
 * A device store's link with the service worker and the browser: the one listener of the
 * worker's channel (queue size, sign-in needed, replay done, a push's news), the pull triggers
 * (start, sign-in, back online, after a replay, a push) and the replay nudges (back online, back
 * in front, after sign-in, a retry every 30 s while changes wait). Started by DeviceStore.start
 * (the signed-in layout).
 */
import { type PageToWorker, SYNC_CHANNEL, type SyncMessage } from '~/domain/sync/protocol';
import { SIGNED_IN_EVENT } from '~/lib/session';
import { createRetryScheduler } from './retry-while-online';
import type { SyncState } from './sync-state';

/** What the link drives: the store's sync status and its pulls. */
export type SyncLinkHost = {
  readonly sync: SyncState;
  pullNow(): Promise<void>;
};

function postToWorker(message: PageToWorker): void {
  navigator.serviceWorker?.controller?.postMessage(message);
}

/** Chrome may fire `sync` minutes late and Safari/Firefox never do: the page nudges the worker. */
function requestReplay(): void {
  postToWorker({ type: 'REPLAY' });
}

/** Starts listening; returns the stop (listeners removed, the retry timer cancelled). */
export function startSyncLink(host: SyncLinkHost): () => void {
  const { sync } = host;
  const retry = createRetryScheduler(requestReplay, () => navigator.onLine);
  const onWorkerMessage = (message: SyncMessage) => {
    if (message.type === 'server-news') {
      void host.pullNow();
      return;
    }
    sync.update({ waiting: message.size });
    if (message.type === 'auth-required') sync.update({ authRequired: true });
    if (message.type === 'replayed' && message.status < 400) sync.update({ authRequired: false });
    if (message.type === 'replay-done') void host.pullNow();
    retry.onMessage(message);
  };
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SYNC_CHANNEL);
  if (channel) channel.onmessage = (e: MessageEvent<SyncMessage>) => onWorkerMessage(e.data);
  const online = () => {
    sync.update({ online: true });
    requestReplay();
    void host.pullNow();
  };
  const offline = () => sync.update({ online: false });
  const askQueue = () => postToWorker({ type: 'QUEUE_STATUS' });
  const signedIn = () => {
    sync.update({ authRequired: false });
    retry.signedIn();
    requestReplay();
    void host.pullNow();
  };
  const inFront = () => {
    if (document.visibilityState === 'visible' && navigator.onLine) requestReplay();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  window.addEventListener(SIGNED_IN_EVENT, signedIn);
  document.addEventListener('visibilitychange', inFront);
  navigator.serviceWorker?.addEventListener('controllerchange', askQueue);
  askQueue();
  // The app opens signed in: what the worker still holds (a sign-in on /login, before this
  // layout, included) goes now rather than at the next trigger.
  if (navigator.onLine) requestReplay();
  void host.pullNow();
  return () => {
    channel?.close();
    retry.cancel();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    window.removeEventListener(SIGNED_IN_EVENT, signedIn);
    document.removeEventListener('visibilitychange', inFront);
    navigator.serviceWorker?.removeEventListener('controllerchange', askQueue);
  };
}

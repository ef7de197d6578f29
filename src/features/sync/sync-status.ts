/**
 * The device's sync for the whole app, started once by the signed-in layout (device-sync.tsx):
 * online or not, how many changes the service worker still holds, whether a replay needs a new
 * sign-in (all kept in the DeviceStore's SyncState). Pulls run at start, after sign-in, on
 * reconnect and after each replay.
 */
import { useSyncExternalStore } from 'react';
import { type DeviceStore, deviceStore } from '~/db/device-store';
import { useDeviceStore } from '~/db/device-store-context';
import type { SyncStatus } from '~/db/sync-state';
import { type PageToWorker, SYNC_CHANNEL, type SyncMessage } from '~/domain/sync/protocol';
import { SIGNED_IN_EVENT } from '~/lib/session';
import { pullThroughWorker } from './pull-protocol';

export type { SyncStatus } from '~/db/sync-state';

export function useSyncStatus(): SyncStatus {
  const { sync } = useDeviceStore();
  return useSyncExternalStore(sync.subscribe, sync.get);
}

/** Pulls now when signed in (the login screen, right after the answer). */
export function pullNow(): Promise<void> {
  pullThroughWorker(deviceStore);
  return deviceStore.pullNow();
}

function postToWorker(message: PageToWorker): void {
  navigator.serviceWorker?.controller?.postMessage(message);
}

/**
 * Starts listening; returns the stop. The REPLAY nudges on 'online' and on return to the
 * foreground are sent by src/pwa/replay-triggers.ts; here the page only pulls.
 */
export function startDeviceSync(store: DeviceStore): () => void {
  pullThroughWorker(store);
  const { sync } = store;
  const onWorkerMessage = (message: SyncMessage) => {
    sync.update({ waiting: message.size });
    if (message.type === 'auth-required') sync.update({ authRequired: true });
    if (message.type === 'replayed' && message.status < 400) sync.update({ authRequired: false });
    if (message.type === 'replay-done') void store.pullNow();
  };
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SYNC_CHANNEL);
  if (channel) channel.onmessage = (e: MessageEvent<SyncMessage>) => onWorkerMessage(e.data);
  const online = () => {
    sync.update({ online: true });
    void store.pullNow();
  };
  const offline = () => sync.update({ online: false });
  const askQueue = () => postToWorker({ type: 'QUEUE_STATUS' });
  const signedIn = () => {
    sync.update({ authRequired: false });
    void store.pullNow();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  window.addEventListener(SIGNED_IN_EVENT, signedIn);
  navigator.serviceWorker?.addEventListener('controllerchange', askQueue);
  askQueue();
  void store.pullNow();
  return () => {
    channel?.close();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    window.removeEventListener(SIGNED_IN_EVENT, signedIn);
    navigator.serviceWorker?.removeEventListener('controllerchange', askQueue);
  };
}

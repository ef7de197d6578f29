/**
 * The device's sync state for the whole app (one instance, started once): online or not, how
 * many changes the service worker still holds, and whether a replay needs a new sign-in. Pull
 * runs at start, after sign-in, on reconnect and after each replay.
 */
import { useSyncExternalStore } from 'react';
import { type PageToWorker, SYNC_CHANNEL, type SyncMessage } from '~/domain/sync/protocol';
import { getToken } from '~/lib/session';
import { pullOffPage } from './pull-protocol';

export type SyncStatus = {
  online: boolean;
  /** Mutations waiting in the worker's queue (0 until the worker reports). */
  waiting: number;
  /** A replay answered 401: the owner must sign in again for the queue to go out. */
  authRequired: boolean;
  /** The first pull since start has finished (successfully or not). */
  pulled: boolean;
};

/** The event src/app/auth-context.tsx dispatches after sign-in (features do not import app/). */
const SIGNED_IN_EVENT = 'tali:signed-in';

let status: SyncStatus = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  waiting: 0,
  authRequired: false,
  pulled: false,
};
const listeners = new Set<() => void>();

function update(patch: Partial<SyncStatus>): void {
  // A replay sends a message per mutation: re-render only when something shown changed.
  const keys = Object.keys(patch) as (keyof SyncStatus)[];
  if (keys.every((k) => status[k] === patch[k])) return;
  status = { ...status, ...patch };
  for (const listener of listeners) listener();
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}

/** Pulls now when signed in; failures (offline, server down) wait for the next trigger. */
export async function pullNow(): Promise<void> {
  const token = getToken();
  if (!token) return;
  try {
    await pullOffPage(token);
  } catch {
    // Offline or the server is down: the data on the device stays usable; retried on 'online'.
  } finally {
    update({ pulled: true });
  }
}

function postToWorker(message: PageToWorker): void {
  navigator.serviceWorker?.controller?.postMessage(message);
}

function onWorkerMessage(message: SyncMessage): void {
  update({ waiting: message.size });
  if (message.type === 'auth-required') update({ authRequired: true });
  if (message.type === 'replayed' && message.status < 400) update({ authRequired: false });
  if (message.type === 'replay-done') void pullNow();
}

let started = 0;
let stop: () => void = () => {};

/**
 * Starts listening (idempotent, reference-counted). The REPLAY nudges on 'online' and on return
 * to the foreground are sent by src/pwa/replay-triggers.ts; here the page only pulls.
 */
export function startDeviceSync(): () => void {
  started++;
  if (started === 1) {
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SYNC_CHANNEL);
    if (channel) channel.onmessage = (e: MessageEvent<SyncMessage>) => onWorkerMessage(e.data);
    const online = () => {
      update({ online: true });
      void pullNow();
    };
    const offline = () => update({ online: false });
    const askQueue = () => postToWorker({ type: 'QUEUE_STATUS' });
    const signedIn = () => {
      update({ authRequired: false });
      void pullNow();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener(SIGNED_IN_EVENT, signedIn);
    navigator.serviceWorker?.addEventListener('controllerchange', askQueue);
    askQueue();
    void pullNow();
    stop = () => {
      channel?.close();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener(SIGNED_IN_EVENT, signedIn);
      navigator.serviceWorker?.removeEventListener('controllerchange', askQueue);
    };
  }
  return () => {
    started--;
    if (started === 0) stop();
  };
}

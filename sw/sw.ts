/// <reference lib="webworker" />
/** The service worker: precached shell, offline navigations, queued /api mutations and replay. */
import { Queue } from 'workbox-background-sync';
import type { RouteHandlerCallback } from 'workbox-core/types';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { TaliDb } from '../src/db/db';
import { type PageToWorker, SYNC_CHANNEL, type SyncMessage } from '../src/domain/sync/protocol';
import { isQueueable } from './mutation-queue';
import { registerAppShellNavigation } from './navigation';
import { registerPushEvents } from './push-events';
import type { ReplayOutcome } from './replay';
import { startWorker } from './worker';

declare let self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerAppShellNavigation();
const channel = new BroadcastChannel(SYNC_CHANNEL);
const announce = (message: SyncMessage) => channel.postMessage(message);
// The worker's one device database handle: the replay's and the push renewal's.
const db = new TaliDb();
const push = registerPushEvents(self, announce, db);

/** Web Locks: an old and a new worker version can both be alive and share this queue. */
async function withLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = self.navigator.locks;
  if (!locks) return task();
  return (await locks.request('tali-replay', task)) as T;
}

const queue = new Queue('tali-mutations', {
  // Minutes. Workbox drops expired entries without a word; a year means "never" in practice.
  maxRetentionTime: 365 * 24 * 60,
  async onSync() {
    // The constructor calls this synchronously where Background Sync is missing: wait a tick.
    await Promise.resolve();
    const outcome = await replay();
    // Inside a `sync` event, throwing makes the browser schedule another one with back-off.
    // Without Background Sync this is the start-up call, where a throw would only be noise.
    if (outcome === 'retry' && 'sync' in self.registration) {
      throw new Error('Replay postponed: network or server unavailable');
    }
  },
});

// Starting it runs the first replay pass (outside any event: nothing to keep alive).
const worker = startWorker({
  db,
  queue,
  fetch: (request) => fetch(request),
  announce,
  online: () => self.navigator.onLine,
  // Nothing to keep alive outside an event; a pass that fails (the queue's store unreadable) is
  // reported, not left an unhandled rejection, and the next trigger tries again.
  keepAlive: (work) => {
    work.catch((error: unknown) => console.warn('replay failed', error));
  },
  withLock,
});

function replay(): Promise<ReplayOutcome> {
  return worker.replayer.replay();
}

const mutationHandler: RouteHandlerCallback = ({ request, event }) =>
  worker.handle(request, (work) => (event as ExtendableEvent).waitUntil(work));
// registerRoute matches one HTTP method per route.
for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
  registerRoute(({ request }) => isQueueable(request), mutationHandler, method);
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as PageToWorker | undefined;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  // The page says it is back online (or retries while changes wait): a push renewal that could
  // not reach the server goes with the queued mutations.
  if (data?.type === 'REPLAY') event.waitUntil(Promise.allSettled([replay(), push.retryRenewal()]));
  if (data?.type === 'QUEUE_STATUS') {
    event.waitUntil(
      worker.replayer.size().then((size) => channel.postMessage({ type: 'queue', size })),
    );
  }
});

self.addEventListener('activate', (event) => {
  // Take the pages of a first visit at once so they work offline without a reload; on updates
  // the pages reload themselves on controllerchange (src/pwa/register-sw.ts).
  event.waitUntil(self.clients.claim());
  // Not inside waitUntil: fetches wait while a worker is activating, and a long queue must not
  // hold the pages' requests (the worker is active and busy with them anyway).
  replay().catch((error: unknown) => console.warn('replay failed', error));
});

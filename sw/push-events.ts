/// <reference lib="webworker" />
/**
 * Web Push in the worker: show a pushed notification (and tell open pages to pull), and open its
 * screen when it is tapped.
 */
import type { TaliDb } from '../src/db/db';
import type { SyncMessage } from '../src/domain/sync/protocol';
import {
  deviceRenewalStore,
  RENEWAL_SYNC_TAG,
  type RenewDeps,
  renewSubscription,
  retryRenewal,
} from './push-renew';

/** What the server sends (server/services/push/notify.ts `PushPayload`). */
export type ShownPush = { title: string; body: string; url: string; tag?: string };

/**
 * A push whose data cannot be read still shows something: Chrome counts a push without a
 * notification against the site (and says "this site has been updated in the background").
 */
const FALLBACK: ShownPush = { title: 'Talí', body: '', url: '/' };
const ICON = '/icons/icon-192.png';
const BADGE = '/icons/maskable-192.png';

/** Only a path of this app: a payload cannot send a tap to another site. */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== 'string') return '/';
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : '/';
  } catch {
    // Not a URL: the app's home rather than nothing.
    return '/';
  }
}

/** The payload's fields as shown; anything missing or malformed falls back. */
export function readPush(data: { json(): unknown } | null, origin: string): ShownPush {
  let value: unknown = null;
  try {
    value = data?.json() ?? null;
  } catch {
    // Not JSON: shown as the fallback below, since a push must always show a notification.
    value = null;
  }
  if (typeof value !== 'object' || value === null) return FALLBACK;
  const { title, body, url, tag } = value as Record<string, unknown>;
  return {
    title: typeof title === 'string' && title !== '' ? title : FALLBACK.title,
    body: typeof body === 'string' ? body : '',
    url: sameOriginPath(url, origin),
    ...(typeof tag === 'string' && tag !== '' ? { tag } : {}),
  };
}

type Shower = Pick<ServiceWorkerRegistration, 'showNotification'>;

export function showPush(registration: Shower, push: ShownPush): Promise<void> {
  return registration.showNotification(push.title, {
    body: push.body,
    icon: ICON,
    badge: BADGE,
    data: { url: push.url },
    // One notification per order: a repeated push replaces it instead of stacking.
    ...(push.tag ? { tag: push.tag } : {}),
  });
}

type WindowLike = Pick<WindowClient, 'url' | 'focus' | 'navigate'>;
type ClientsLike = {
  matchAll(options: ClientQueryOptions): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<WindowClient | null>;
};

/** A tap: an open app window is focused and sent to the url; otherwise a new one opens there. */
export async function openFromNotification(
  clients: ClientsLike,
  data: unknown,
  origin: string,
): Promise<void> {
  const url = sameOriginPath((data as { url?: unknown } | null)?.url, origin);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === origin);
  if (!open) {
    await clients.openWindow(url);
    return;
  }
  const focused = await open.focus();
  if (new URL(focused.url).pathname !== url) {
    // navigate() answers null for a window this worker does not control: open one instead.
    const navigated = await focused.navigate(url);
    if (!navigated) await clients.openWindow(url);
  }
}

/**
 * Registers the push handlers on the worker (sw/sw.ts). `announce` tells the open pages (the
 * sync channel) that the server has news, so an open app shows the new order at once instead of
 * at its next poll.
 */
export function registerPushEvents(
  worker: ServiceWorkerGlobalScope,
  announce: (message: SyncMessage) => void,
  db: TaliDb,
): { retryRenewal: () => Promise<void> } {
  const origin = worker.location.origin;
  worker.addEventListener('push', (event) => {
    announce({ type: 'server-news' });
    event.waitUntil(showPush(worker.registration, readPush(event.data, origin)));
  });
  const clients: ClientsLike = {
    // With type 'window' every match is a WindowClient; the DOM typings only say Client.
    matchAll: async (options) => (await worker.clients.matchAll(options)) as WindowClient[],
    openWindow: (url) => worker.clients.openWindow(url),
  };
  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openFromNotification(clients, event.notification.data, origin));
  });
  // One database handle for every event (the worker's own), not one opened per event.
  const renewDeps: RenewDeps = {
    pushManager: worker.registration.pushManager,
    fetch: (request: Request) => fetch(request),
    ...deviceRenewalStore(db),
    requestRetry: async () => {
      const sync = (worker.registration as { sync?: { register(tag: string): Promise<void> } })
        .sync;
      await sync?.register(RENEWAL_SYNC_TAG);
    },
    origin,
  };
  worker.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(renewSubscription(renewDeps, event));
  });
  // Background Sync (Chromium); the DOM typings have no SyncEvent.
  (worker as EventTarget).addEventListener('sync', (event: Event) => {
    const sync = event as ExtendableEvent & { tag?: string };
    if (sync.tag === RENEWAL_SYNC_TAG) sync.waitUntil(retryRenewal(renewDeps));
  });
  return { retryRenewal: () => retryRenewal(renewDeps) };
}

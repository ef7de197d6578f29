/**
 * A push renewal that could not reach the server (offline, a 5xx) waits in the device database and
 * is registered on the next try (the page's REPLAY when back online, a Background Sync event),
 * with one database handle for every event.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TaliDb } from '../src/db/db';
import { registerPushEvents } from './push-events';
import { deviceRenewalStore, RENEWAL_KEY, RENEWAL_SYNC_TAG } from './push-renew';

const ORIGIN = 'https://app.tali.test';

function subscription(endpoint: string) {
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array([4, 1, 2]).buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  } as unknown as PushSubscription;
}

type Sent = { method: string; body: unknown };

/** The worker as registerPushEvents sees it, with a network that is down until `online()`. */
async function workerWith(db: TaliDb) {
  const listeners = new Map<string, (event: unknown) => void>();
  const sent: Sent[] = [];
  let up = false;
  let current: PushSubscription | null = null;
  const syncRegister = vi.fn(async () => {});
  const worker = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: vi.fn(),
      sync: { register: syncRegister },
      pushManager: {
        getSubscription: async () => current,
        subscribe: vi.fn(async () => subscription('https://push.test/subscribed')),
      },
    },
    clients: { matchAll: async () => [], openWindow: vi.fn() },
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
  };
  vi.stubGlobal('fetch', async (request: Request) => {
    if (!up) throw new TypeError('Failed to fetch');
    const text = await request.text();
    sent.push({ method: request.method, body: text ? JSON.parse(text) : null });
    return new Response(null, { status: request.method === 'POST' ? 201 : 204 });
  });
  const push = registerPushEvents(worker as unknown as ServiceWorkerGlobalScope, vi.fn(), db);
  const fire = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return {
    push,
    sent,
    fire,
    syncRegister,
    online: () => {
      up = true;
    },
    setCurrent: (s: PushSubscription) => {
      current = s;
    },
  };
}

let db: TaliDb | undefined;
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await db?.delete();
});

describe('a push renewal while offline', () => {
  it('waits in the device database and is registered when the page says it is back online', async () => {
    db = new TaliDb();
    await db.meta.put({ key: 'token', value: 'tok' });
    const w = await workerWith(db);
    const fresh = subscription('https://push.test/new');
    await w.fire('pushsubscriptionchange', {
      oldSubscription: subscription('https://push.test/old'),
      newSubscription: fresh,
    });
    expect(w.sent).toEqual([]);
    expect((await db.meta.get(RENEWAL_KEY))?.value).toEqual({
      oldEndpoint: 'https://push.test/old',
    });
    expect(w.syncRegister).toHaveBeenCalledWith(RENEWAL_SYNC_TAG);

    // Still offline: nothing lost, still waiting.
    await w.push.retryRenewal();
    expect(await db.meta.get(RENEWAL_KEY)).toBeDefined();

    w.online();
    w.setCurrent(fresh);
    await w.push.retryRenewal();
    expect(w.sent).toEqual([
      {
        method: 'POST',
        body: { endpoint: 'https://push.test/new', keys: { p256dh: 'p', auth: 'a' } },
      },
      { method: 'DELETE', body: { endpoint: 'https://push.test/old' } },
    ]);
    expect(await db.meta.get(RENEWAL_KEY)).toBeUndefined();
    // Done once: a later REPLAY sends nothing more.
    await w.push.retryRenewal();
    expect(w.sent).toHaveLength(2);
  });

  it('a Background Sync event with its tag retries it', async () => {
    db = new TaliDb();
    await db.meta.put({ key: 'token', value: 'tok' });
    const w = await workerWith(db);
    await w.fire('pushsubscriptionchange', {
      oldSubscription: null,
      newSubscription: subscription('https://push.test/n2'),
    });
    w.online();
    w.setCurrent(subscription('https://push.test/n2'));
    await w.fire('sync', { tag: 'another-tag' });
    expect(w.sent).toEqual([]);
    await w.fire('sync', { tag: RENEWAL_SYNC_TAG });
    expect(w.sent.map((s) => s.method)).toEqual(['POST']);
    expect(await db.meta.get(RENEWAL_KEY)).toBeUndefined();
  });

  it('uses the worker database handle: no database opened per event', async () => {
    db = new TaliDb();
    await db.meta.put({ key: 'token', value: 'tok' });
    await db.open();
    const w = await workerWith(db);
    w.online();
    const open = vi.spyOn(indexedDB, 'open');
    for (const n of [1, 2, 3]) {
      await w.fire('pushsubscriptionchange', {
        oldSubscription: null,
        newSubscription: subscription(`https://push.test/e${n}`),
      });
    }
    expect(w.sent.map((s) => s.method)).toEqual(['POST', 'POST', 'POST']);
    expect(open).not.toHaveBeenCalled();
  });

  it('signed out meanwhile: the waiting renewal is dropped, nothing sent', async () => {
    db = new TaliDb();
    const store = deviceRenewalStore(db);
    await store.pending.set({ oldEndpoint: null });
    const w = await workerWith(db);
    w.online();
    await w.push.retryRenewal();
    expect(w.sent).toEqual([]);
    expect(await store.pending.get()).toBeNull();
  });
});

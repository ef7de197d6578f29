/** The device store's link with the worker: one listener, status kept, pulls and nudges, a clean stop. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PageToWorker, SYNC_CHANNEL, type SyncMessage } from '~/domain/sync/protocol';
import { SIGNED_IN_EVENT } from '~/lib/session';
import { startSyncLink } from './sync-link';
import { SyncState } from './sync-state';

/** What the page posted to the service worker, in order. */
let posted: PageToWorker['type'][];
let win: EventTarget;
let worker: BroadcastChannel;
let host: { sync: SyncState; pullNow: ReturnType<typeof vi.fn<() => Promise<void>>> };
let stops: (() => void)[];

function start(): () => void {
  const stop = startSyncLink(host);
  stops.push(stop);
  return stop;
}

/** The worker announces `message`; resolves once the page's channel had time to receive it. */
async function announce(message: SyncMessage): Promise<void> {
  worker.postMessage(message);
  await new Promise((resolve) => setTimeout(resolve, 20));
}

beforeEach(() => {
  posted = [];
  stops = [];
  win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  const serviceWorker = Object.assign(new EventTarget(), {
    controller: { postMessage: (m: PageToWorker) => posted.push(m.type) },
  });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  vi.stubGlobal('navigator', { onLine: true, serviceWorker });
  host = { sync: new SyncState(), pullNow: vi.fn(async () => {}) };
  worker = new BroadcastChannel(SYNC_CHANNEL);
});

afterEach(() => {
  for (const stop of stops) stop();
  worker.close();
  vi.unstubAllGlobals();
});

describe('the device store’s sync link', () => {
  it('on start asks the queue size, nudges a replay and pulls once', () => {
    start();
    expect(posted).toEqual(['QUEUE_STATUS', 'REPLAY']);
    expect(host.pullNow).toHaveBeenCalledTimes(1);
  });

  it('keeps the status from the worker and pulls after a replay', async () => {
    start();
    await announce({ type: 'queued', entity: 'product:a', size: 3 });
    expect(host.sync.get()).toMatchObject({ waiting: 3, authRequired: false });
    await announce({ type: 'auth-required', size: 3 });
    expect(host.sync.get()).toMatchObject({ waiting: 3, authRequired: true });
    await announce({ type: 'replayed', entity: 'product:a', status: 200, size: 0 });
    expect(host.sync.get()).toMatchObject({ waiting: 0, authRequired: false });
    await announce({ type: 'replay-done', size: 0 });
    expect(host.pullNow).toHaveBeenCalledTimes(2);
  });

  it('a push’s news (a new order) pulls at once and leaves the queue count as it was', async () => {
    start();
    await announce({ type: 'queued', entity: 'product:a', size: 2 });
    expect(host.pullNow).toHaveBeenCalledTimes(1);
    await announce({ type: 'server-news' });
    expect(host.pullNow).toHaveBeenCalledTimes(2);
    expect(host.sync.get()).toMatchObject({ waiting: 2 });
  });

  it('offline then online: shows it, then nudges the queue and pulls', () => {
    start();
    win.dispatchEvent(new Event('offline'));
    expect(host.sync.get().online).toBe(false);
    posted = [];
    win.dispatchEvent(new Event('online'));
    expect(host.sync.get().online).toBe(true);
    expect(posted).toEqual(['REPLAY']);
    expect(host.pullNow).toHaveBeenCalledTimes(2);
  });

  it('a sign-in clears the sign-in notice, sends the queue and pulls', async () => {
    start();
    await announce({ type: 'auth-required', size: 1 });
    posted = [];
    win.dispatchEvent(new Event(SIGNED_IN_EVENT));
    expect(host.sync.get().authRequired).toBe(false);
    expect(posted).toEqual(['REPLAY']);
    expect(host.pullNow).toHaveBeenCalledTimes(2);
  });

  it('a stop and a new start (a remount) leave one listener: one pull per replay', async () => {
    start()();
    start();
    host.pullNow.mockClear();
    await announce({ type: 'replay-done', size: 0 });
    expect(host.pullNow).toHaveBeenCalledTimes(1);
  });

  it('after the stop, nothing the worker or the browser says changes or pulls anything', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stop = start();
      // A pass left changes waiting: the 30 s retry is armed, then the layout goes away.
      worker.postMessage({ type: 'replay-done', size: 2 } satisfies SyncMessage);
      await vi.waitFor(() => expect(host.sync.get().waiting).toBe(2));
      stop();
      host.pullNow.mockClear();
      posted = [];
      worker.postMessage({ type: 'queued', entity: null, size: 5 } satisfies SyncMessage);
      win.dispatchEvent(new Event('online'));
      win.dispatchEvent(new Event(SIGNED_IN_EVENT));
      vi.advanceTimersByTime(60_000);
      // setImmediate is not faked: time for the channel to deliver what it would.
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(host.sync.get().waiting).toBe(2);
      expect(host.pullNow).not.toHaveBeenCalled();
      expect(posted).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

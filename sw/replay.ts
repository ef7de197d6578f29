/** Replay of queued /api mutations: FIFO, one at a time, locked, with a policy per HTTP status. */
import type { SyncMessage } from '../src/db/sync-protocol';
import {
  bearerOf,
  type QueueEntry,
  type ReplayQueue,
  type ReplayStore,
  readMeta,
  refusalMessage,
  withCurrentToken,
} from './queue-entry';

export type {
  EntryMeta,
  QueueEntry,
  RefusedMutation,
  ReplayQueue,
  ReplayStore,
} from './queue-entry';
export { readMeta } from './queue-entry';

export type ReplayDeps = {
  queue: ReplayQueue;
  store: ReplayStore;
  fetch: (request: Request) => Promise<Response>;
  announce: (message: SyncMessage) => void;
  /** Cross-context lock (Web Locks in the worker): an old and a new worker share one queue. */
  withLock?: <T>(task: () => Promise<T>) => Promise<T>;
};

/** done: queue drained; retry: network error/5xx/408/429, try later; auth: waiting for sign-in. */
export type ReplayOutcome = 'done' | 'retry' | 'auth';

const isRetryLater = (status: number) => status >= 500 || status === 408 || status === 429;

export function createReplayer(deps: ReplayDeps) {
  const { queue, store, announce } = deps;
  const withLock = deps.withLock ?? (<T>(task: () => Promise<T>) => task());
  let running: Promise<ReplayOutcome> | null = null;
  let again = false;
  /** The entry taken out of the queue while it is being sent: still waiting, for the owner. */
  let holding = false;

  async function stillQueued(entity: string): Promise<boolean> {
    const entries = await queue.getAll();
    return entries.some((e) => readMeta(e.metadata).entity === entity);
  }

  async function putBack(entry: QueueEntry): Promise<void> {
    await queue.unshiftRequest(entry);
    holding = false;
    await store.setInFlight(null);
  }

  /** Settled (sent, refused or discarded): no longer waiting. */
  async function settle(): Promise<void> {
    holding = false;
    await store.setInFlight(null);
  }

  /** One pass over the queue, head first; stops at the first entry that must wait. */
  async function drain(): Promise<ReplayOutcome> {
    const lost = await store.inFlight();
    // A worker died between taking this entry and settling it: it was the head. Resending is
    // safe because the server is idempotent (client ids, Idempotency-Key).
    if (lost) await putBack(lost);
    for (;;) {
      const entry = await queue.shiftRequest();
      if (!entry) return 'done';
      holding = true;
      await store.setInFlight(entry);
      const meta = readMeta(entry.metadata);
      const [current, userId] = await Promise.all([store.token(), store.userId()]);
      // No mirrored session (page never mirrored it): the header it was queued with is all we have.
      const token = current ?? bearerOf(entry.request);
      if (!token) {
        await putBack(entry);
        announce({ type: 'auth-required', size: await queue.size() });
        return 'auth';
      }
      if (meta.userId && userId && meta.userId !== userId) {
        // Queued by another account on this phone (it signed out): never send it as this one.
        await settle();
        announce({ type: 'discarded', entity: meta.entity, size: await queue.size() });
        continue;
      }
      let res: Response;
      try {
        res = await deps.fetch(withCurrentToken(entry.request.clone(), token));
      } catch {
        await putBack(entry);
        return 'retry';
      }
      // A DELETE answered 404: the row is already gone, which is what the owner wanted.
      if (res.ok || (res.status === 404 && entry.request.method === 'DELETE')) {
        await settle();
        if (meta.entity && !(await stillQueued(meta.entity))) await store.markSynced(meta.entity);
        announce({
          type: 'replayed',
          entity: meta.entity,
          status: res.status,
          size: await queue.size(),
        });
        continue;
      }
      if (res.status === 401) {
        await putBack(entry);
        announce({ type: 'auth-required', size: await queue.size() });
        return 'auth';
      }
      if (isRetryLater(res.status)) {
        await putBack(entry);
        return 'retry';
      }
      const message = await refusalMessage(res);
      const body = await entry.request.clone().text();
      await store.deadLetter({
        method: entry.request.method,
        url: entry.request.url,
        body: body || null,
        status: res.status,
        message,
        entity: meta.entity,
      });
      await settle();
      announce({
        type: 'dead-letter',
        entity: meta.entity,
        status: res.status,
        message,
        size: await queue.size(),
      });
    }
  }

  async function loop(): Promise<ReplayOutcome> {
    let outcome: ReplayOutcome;
    do {
      again = false;
      outcome = await withLock(drain);
    } while (again && outcome === 'done');
    announce({ type: 'replay-done', size: await queue.size() });
    return outcome;
  }

  return {
    /** Two triggers at once share one pass; a trigger during a pass asks for one more. */
    replay(): Promise<ReplayOutcome> {
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = null;
        // A trigger that arrived after the last pass ended must not be lost.
        if (again) void this.replay();
      });
      return running;
    },
    /** What still waits to be sent, the entry being sent included (for the page's counter). */
    async size(): Promise<number> {
      return (await queue.size()) + (holding ? 1 : 0);
    },
    get busy(): boolean {
      return running !== null;
    },
  };
}

export type Replayer = ReturnType<typeof createReplayer>;

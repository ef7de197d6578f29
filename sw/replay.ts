/** Replay of queued /api mutations: FIFO, one at a time, locked, with a policy per HTTP status. */
import { IDEMPOTENCY_HEADER, type SyncMessage } from '../src/db/sync-protocol';
import {
  bearerOf,
  type QueueEntry,
  type ReplayQueue,
  type ReplayStore,
  readMeta,
  refusalMessage,
  withCurrentToken,
} from './queue-entry';
import { createGate, QueueLedger } from './queue-ledger';

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
  /** What the queue holds: taken once per pass, kept exact by settle() and push(). */
  let ledger = new QueueLedger();
  /** Makes "push + count it" atomic against the pass's snapshot of the queue. */
  const gate = createGate();

  async function putBack(entry: QueueEntry): Promise<void> {
    await queue.unshiftRequest(entry);
    holding = false;
    await store.setInFlight(null);
  }

  /**
   * Settled (sent, refused or discarded): no longer waiting. Returns what remains for its row.
   * `keepCopy`: the in-flight copy of a sent mutation that carries an Idempotency-Key may stay
   * until the next entry overwrites it (one IndexedDB write less per mutation): if the worker
   * dies before that, resending it only gets the server's stored answer back.
   */
  async function settle(entity: string | null, keepCopy = false): Promise<number> {
    holding = false;
    if (!keepCopy) await store.setInFlight(null);
    return ledger.settle(entity);
  }

  /**
   * The last counted entry of a row settled. A push this worker did not see (another worker
   * version sharing the queue) would make the counts wrong: one cheap count of the queue tells,
   * and only then is the queue read again.
   */
  async function noneLeft(entity: string): Promise<boolean> {
    if ((await queue.size()) === ledger.total) return true;
    return gate(async () => {
      ledger = QueueLedger.of(await queue.getAll());
      return ledger.count(entity) === 0;
    });
  }

  /** One pass over the queue, head first; stops at the first entry that must wait. */
  async function drain(): Promise<ReplayOutcome> {
    const lost = await store.inFlight();
    // A worker died between taking this entry and settling it: it was the head. Resending is
    // safe because the server is idempotent (client ids, Idempotency-Key).
    if (lost) await putBack(lost);
    // One read of the queue per pass; the session cannot change under a pass (a 401 ends it).
    ledger = await gate(async () => QueueLedger.of(await queue.getAll()));
    const [current, userId] = await Promise.all([store.token(), store.userId()]);
    try {
      return await sendAll(current, userId);
    } finally {
      // The copy a sent mutation may have left (see settle) must not be resent at the next start.
      if (!holding) await store.setInFlight(null);
    }
  }

  async function sendAll(current: string | null, userId: string | null): Promise<ReplayOutcome> {
    for (;;) {
      const entry = await queue.shiftRequest();
      if (!entry) return 'done';
      holding = true;
      await store.setInFlight(entry);
      const meta = readMeta(entry.metadata);
      // No mirrored session (page never mirrored it): the header it was queued with is all we have.
      const token = current ?? bearerOf(entry.request);
      if (!token) {
        await putBack(entry);
        announce({ type: 'auth-required', size: ledger.total });
        return 'auth';
      }
      if (meta.userId && userId && meta.userId !== userId) {
        // Queued by another account on this phone (it signed out): never send it as this one.
        await settle(meta.entity);
        announce({ type: 'discarded', entity: meta.entity, size: ledger.total });
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
        const left = await settle(meta.entity, entry.request.headers.has(IDEMPOTENCY_HEADER));
        if (meta.entity && left === 0 && (await noneLeft(meta.entity))) {
          await store.markSynced(meta.entity);
        }
        announce({ type: 'replayed', entity: meta.entity, status: res.status, size: ledger.total });
        continue;
      }
      if (res.status === 401) {
        await putBack(entry);
        announce({ type: 'auth-required', size: ledger.total });
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
      await settle(meta.entity);
      announce({
        type: 'dead-letter',
        entity: meta.entity,
        status: res.status,
        message,
        size: ledger.total,
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
    /** Queues a mutation; during a pass it is counted, so its row's pending flag stays set. */
    push(entry: QueueEntry): Promise<void> {
      return gate(async () => {
        await queue.pushRequest(entry);
        ledger.add(readMeta(entry.metadata).entity);
      });
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

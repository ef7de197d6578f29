/**
 * Replay of queued /api mutations: in order, locked, with a policy per HTTP status. Consecutive
 * catalogue mutations travel together in one request (POST /api/sync/replay, which runs them in
 * the same order, each as its own route would): one round trip and one server transaction per
 * batch instead of one per mutation. Anything else is sent alone, as it was queued.
 *
 * The parts: batch-formation.ts (what travels together), in-flight.ts (what is out of the queue,
 * its crash-safe copy, the counts), replay-send.ts (the requests), settlement.ts (the per-status
 * policy), replay-pass.ts (one pass). This module runs passes: one at a time, on any trigger.
 */
import {
  MAX_REPLAY_BATCH,
  MAX_REPLAY_BATCH_CHARS,
  type SyncMessage,
} from '../src/domain/sync/protocol';
import { InFlight } from './in-flight';
import {
  bodyText,
  entryId,
  type QueueEntry,
  type ReplayQueue,
  type ReplayStore,
  readMeta,
} from './queue-entry';
import { type ReplayOutcome, runPass } from './replay-pass';

export type {
  EntryMeta,
  HeldEntry,
  QueueEntry,
  RefusedMutation,
  ReplayQueue,
  ReplayStore,
} from './queue-entry';
export type { ReplayOutcome } from './replay-pass';
export { readMeta };

export type ReplayDeps = {
  queue: ReplayQueue;
  store: ReplayStore;
  fetch: (request: Request) => Promise<Response>;
  announce: (message: SyncMessage) => void;
  /** Cross-context lock (Web Locks in the worker): an old and a new worker share one queue. */
  withLock?: <T>(task: () => Promise<T>) => Promise<T>;
  /** Batch limits (tests make them small). */
  maxBatch?: number;
  maxBatchChars?: number;
};

export function createReplayer(deps: ReplayDeps) {
  const { queue, store, announce } = deps;
  const withLock = deps.withLock ?? (<T>(task: () => Promise<T>) => task());
  const inFlight = new InFlight(queue, store);
  const pass = {
    queue,
    store,
    fetch: deps.fetch,
    announce,
    inFlight,
    limits: {
      maxBatch: deps.maxBatch ?? MAX_REPLAY_BATCH,
      maxBatchChars: deps.maxBatchChars ?? MAX_REPLAY_BATCH_CHARS,
    },
  };
  /** Direct sends on the wire in this worker (their copies are not left over from a crash). */
  const direct = new Set<string>();

  /**
   * Copies of direct sends a killed worker left: back at the head of the queue (they were sent
   * while nothing waited, so before anything queued since), then forgotten.
   */
  async function recoverDirect(): Promise<void> {
    if (!store.directCopies) return;
    const copies = (await store.directCopies()).filter((h) => !direct.has(entryId(h.entry)));
    if (copies.length === 0) return;
    const present = new Set((await queue.getAll()).map(entryId));
    for (const { entry } of [...copies].reverse()) {
      if (!present.has(entryId(entry))) await queue.unshiftRequest(entry);
    }
    for (const { entry } of copies) await store.dropDirect?.(entryId(entry));
  }

  /** The pass under way, and whether a trigger asked for another one meanwhile. */
  let running: Promise<ReplayOutcome> | null = null;
  let again = false;

  async function loop(): Promise<ReplayOutcome> {
    let outcome: ReplayOutcome;
    do {
      again = false;
      outcome = await withLock(async () => {
        await recoverDirect();
        return runPass(pass);
      });
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
        // Nobody awaits this one: a failure (the queue's store unreadable) is reported, and the
        // next trigger (a mutation, going online, a page's start) tries again.
        if (again) this.replay().catch((error: unknown) => console.warn('replay failed', error));
      });
      return running;
    },
    /** Queues a mutation; during a pass it is counted, so its row's pending flag stays set. */
    push(entry: QueueEntry): Promise<void> {
      return inFlight.push(entry);
    },
    /** For handleMutation: a crash-safe copy of a direct send while it is on the wire. */
    async guardDirect(entry: QueueEntry): Promise<() => Promise<void>> {
      const qid = readMeta(entry.metadata).qid;
      if (!store.keepDirect || !qid) return async () => {};
      direct.add(qid);
      await store.keepDirect({ entry, body: await bodyText(entry.request) });
      return async () => {
        direct.delete(qid);
        await store.dropDirect?.(qid);
      };
    },
    /** What still waits to be sent, the entries being sent included (for the page's counter). */
    size(): Promise<number> {
      return inFlight.size();
    },
    get busy(): boolean {
      return running !== null;
    },
  };
}

export type Replayer = ReturnType<typeof createReplayer>;

/**
 * The worker's offline engine as one object: its replayer and its mutation handler over one
 * device database and one queue. sw.ts starts it in the browser; the chaos test's devices start
 * it the same way (tests/api/chaos-harness.ts), so what a worker does when it starts cannot
 * differ between the two (chaos finding 6, decision 003).
 */
import type { TaliDb } from '../src/db/db';
import type { SyncMessage } from '../src/domain/sync/protocol';
import { handleMutation } from './mutation-queue';
import type { QueueEntry, ReplayQueue } from './queue-entry';
import { createReplayer, type Replayer } from './replay';
import { createReplayStore, setPending } from './replay-store';

export type WorkerDeps = {
  db: TaliDb;
  queue: ReplayQueue;
  fetch: (request: Request) => Promise<Response>;
  announce: (message: SyncMessage) => void;
  /** Whether the device believes it is online (navigator.onLine in the browser). */
  online: () => boolean;
  /** Keeps the worker alive for a replay it started on its own (event.waitUntil). */
  keepAlive: (work: Promise<unknown>) => void;
  withLock?: <T>(task: () => Promise<T>) => Promise<T>;
  newId?: () => string;
  maxBatch?: number;
};

export type OfflineWorker = {
  replayer: Replayer;
  /** A queueable mutation from a page: sent now, or queued behind what waits (202). */
  handle(request: Request, keepAlive?: (work: Promise<unknown>) => void): Promise<Response>;
};

export function startWorker(deps: WorkerDeps): OfflineWorker {
  const { db, queue, announce } = deps;
  const store = createReplayStore(db, deps.newId ?? (() => crypto.randomUUID()));
  const replayer = createReplayer({
    queue,
    store,
    fetch: deps.fetch,
    announce,
    withLock: deps.withLock,
    maxBatch: deps.maxBatch,
  });
  const handle = (request: Request, keepAlive = deps.keepAlive) =>
    handleMutation(request, {
      // Through the replayer, so a mutation queued during a pass is counted for its row's flag.
      queue: { pushRequest: (entry: QueueEntry) => replayer.push(entry), size: () => queue.size() },
      fetch: deps.fetch,
      isReplaying: () => replayer.busy,
      userId: store.userId,
      guardDirect: (entry) => replayer.guardDirect(entry),
      async onQueued(entity, _size, lineWasBusy) {
        await setPending(db, entity);
        announce({ type: 'queued', entity, size: await replayer.size() });
        // Online but behind queued mutations: send the line now, this one included.
        if (lineWasBusy && deps.online()) keepAlive(replayer.replay());
      },
    });
  // Every start is a chance to send the queue (Safari and Firefox have no Background Sync), and
  // the pass it starts first puts back what a killed worker had out of the queue. Until it has,
  // the replayer is busy, so a mutation arriving meanwhile joins the line instead of overtaking
  // those entries (chaos finding 6: the harness's devices skipped this start-up pass).
  deps.keepAlive(replayer.replay());
  return { replayer, handle };
}

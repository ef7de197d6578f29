/**
 * One replay pass over the queue, head first: crash recovery, then runs taken off the queue and
 * sent (while a batch is on the wire the next one is taken), each settled before the next is
 * sent. Stops at the first entry that must wait.
 */
import type { SyncMessage } from '../src/domain/sync/protocol';
import {
  type BatchLimits,
  gather,
  isForeign,
  type Run,
  type Taken,
  type View,
} from './batch-formation';
import type { InFlight } from './in-flight';
import {
  bearerOf,
  type QueueEntry,
  type ReplayQueue,
  type ReplayStore,
  readMeta,
} from './queue-entry';
import { type Fetch, type Sent, sendAlone, sendBatch } from './replay-send';
import { settle } from './settlement';

/** done: queue drained; retry: network error/5xx/408/429, try later; auth: waiting for sign-in. */
export type ReplayOutcome = 'done' | 'retry' | 'auth';

export type PassDeps = {
  queue: ReplayQueue;
  store: ReplayStore;
  fetch: Fetch;
  announce: (message: SyncMessage) => void;
  inFlight: InFlight;
  limits: BatchLimits;
};

/** The session of a pass: it cannot change under it (a 401 ends the pass). */
type Session = { current: string | null; userId: string | null };

export async function runPass(deps: PassDeps): Promise<ReplayOutcome> {
  const { inFlight, store } = deps;
  inFlight.reset();
  const snapshot = await inFlight.recover(await inFlight.readQueue());
  const [current, userId] = await Promise.all([store.token(), store.userId()]);
  try {
    return await sendAll(deps, { snapshot, pos: 0, alone: 0 }, { current, userId });
  } finally {
    // The copy a sent batch may have left (see settle) must not be resent at the next start.
    if (inFlight.held.length === 0) await store.setInFlight(null);
  }
}

/**
 * Takes the next run off the queue: what can travel together from the head. Discards another
 * account's entries on the way; 'done' when nothing waits, 'auth' without any token.
 */
async function nextRun(
  deps: PassDeps,
  view: View,
  { current, userId }: Session,
): Promise<Run | 'done' | 'auth'> {
  const { queue, inFlight, announce } = deps;
  for (;;) {
    if (view.pos >= view.snapshot.length) {
      // Mutations queued during the pass are at the tail: read the queue again for them.
      if ((await queue.size()) === 0) return 'done';
      view.snapshot = await inFlight.readQueue();
      view.pos = 0;
      if (view.snapshot.length === 0) return 'done';
    }
    const head = view.snapshot[view.pos] as QueueEntry;
    const headMeta = readMeta(head.metadata);
    // No mirrored session (page never mirrored it): the header it was queued with is all we have.
    const token = current ?? bearerOf(head.request);
    if (!token) {
      announce({ type: 'auth-required', size: inFlight.ledger.total });
      return 'auth';
    }
    if (isForeign(headMeta, userId)) {
      // Queued by another account on this phone (it signed out): never send it as this one.
      if (!(await inFlight.take([{ entry: head, meta: headMeta, body: null }], false))) {
        view.snapshot = [];
        continue;
      }
      view.pos++;
      inFlight.release(inFlight.held.slice(-1));
      inFlight.ledger.settle(headMeta.entity);
      announce({ type: 'discarded', entity: headMeta.entity, size: inFlight.ledger.total });
      continue;
    }
    // Without a mirrored token each entry carries its own: no batching across them.
    const alone = view.alone > 0 || current === null;
    const { items, batch } = await gather(view, userId, alone, deps.limits);
    if (!(await inFlight.take(items))) {
      view.snapshot = [];
      continue;
    }
    view.pos += items.length;
    view.alone = Math.max(0, view.alone - items.length);
    return { items, batch, token };
  }
}

/**
 * While a batch is on the wire, the next one is taken off the queue (IndexedDB work in the
 * worker overlapping the server's): only from the current snapshot, only another batch.
 */
async function prefetch(
  deps: PassDeps,
  view: View,
  run: Run,
  userId: string | null,
): Promise<Run | null> {
  if (view.pos >= view.snapshot.length || view.alone > 0) return null;
  const headMeta = readMeta((view.snapshot[view.pos] as QueueEntry).metadata);
  if (isForeign(headMeta, userId)) return null;
  const { items, batch } = await gather(view, userId, false, deps.limits);
  if (!batch) return null;
  if (!(await deps.inFlight.take(items))) {
    view.snapshot = [];
    view.pos = 0;
    return null;
  }
  view.pos += items.length;
  return { items, batch, token: run.token };
}

async function sendAll(deps: PassDeps, view: View, session: Session): Promise<ReplayOutcome> {
  const { inFlight } = deps;
  let run: Run | null = null;
  for (;;) {
    if (!run) {
      const next = await nextRun(deps, view, session);
      if (typeof next === 'string') return next;
      run = next;
    }
    const sending: Promise<Sent> = run.batch
      ? sendBatch(deps.fetch, run.items, run.token)
      : sendAlone(deps.fetch, run.items[0] as Taken, run.token);
    const [answers, next]: [Sent, Run | null] = await Promise.all([
      sending,
      run.batch && session.current !== null ? prefetch(deps, view, run, session.userId) : null,
    ]);
    const following = next?.items ?? [];
    const out = [...run.items, ...following];
    if (answers === 'network') {
      await inFlight.putBack(out);
      return 'retry';
    }
    if (answers === null) {
      // The server did not take the batch (an older server, a body it would not read):
      // the same entries go again, each to its own route, which answers for itself.
      await inFlight.putBack(out);
      view.pos -= out.length;
      view.alone = run.items.length;
      run = null;
      continue;
    }
    const stop = await settle(deps, run.items, answers, following);
    if (stop) return stop;
    run = next;
  }
}

/**
 * Replay of queued /api mutations: in order, locked, with a policy per HTTP status. Consecutive
 * catalogue mutations travel together in one request (POST /api/sync/replay, which runs them in
 * the same order, each as its own route would): one round trip and one server transaction per
 * batch instead of one per mutation. Anything else is sent alone, as it was queued.
 */
import {
  IDEMPOTENCY_HEADER,
  isBatchable,
  MAX_REPLAY_BATCH,
  MAX_REPLAY_BATCH_CHARS,
  REPLAY_BATCH_PATH,
  type ReplayBatchItem,
  type ReplayBatchResult,
  type SyncMessage,
} from '../src/domain/sync/protocol';
import {
  bearerOf,
  type EntryMeta,
  entryId,
  type HeldEntry,
  messageOf,
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
  HeldEntry,
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
  /** Batch limits (tests make them small). */
  maxBatch?: number;
  maxBatchChars?: number;
};

/** done: queue drained; retry: network error/5xx/408/429, try later; auth: waiting for sign-in. */
export type ReplayOutcome = 'done' | 'retry' | 'auth';

const isRetryLater = (status: number) => status >= 500 || status === 408 || status === 429;

/** An entry taken for sending, with what the batch needs of it. */
type Taken = HeldEntry & { meta: EntryMeta };

/** The server's answer to one mutation; the refusal's reason is read only when needed. */
type Answer = { status: number; reason(): Promise<string> };

type Verdict = 'done' | 'refused' | 'retry' | 'auth';

function verdictOf(method: string, status: number): Verdict {
  // A DELETE answered 404: the row is already gone, which is what the owner wanted.
  if ((status >= 200 && status < 300) || (status === 404 && method === 'DELETE')) return 'done';
  if (status === 401) return 'auth';
  if (isRetryLater(status)) return 'retry';
  return 'refused';
}

function batchItem({ entry, body }: Taken): ReplayBatchItem {
  const key = entry.request.headers.get(IDEMPOTENCY_HEADER);
  return {
    method: entry.request.method as ReplayBatchItem['method'],
    path: new URL(entry.request.url).pathname,
    ...(key ? { idempotencyKey: key } : {}),
    body,
  };
}

function isBatchAnswer(value: unknown, length: number): value is { results: ReplayBatchResult[] } {
  const results = (value as { results?: unknown } | null)?.results;
  return (
    Array.isArray(results) &&
    results.length === length &&
    results.every((r) => typeof (r as ReplayBatchResult | null)?.status === 'number')
  );
}

/** A group of entries sent in one request, and the token it goes with. */
type Run = { items: Taken[]; batch: boolean; token: string };

/** Where the pass is in its snapshot of the queue. */
type View = { snapshot: QueueEntry[]; pos: number; alone: number };

export function createReplayer(deps: ReplayDeps) {
  const { queue, store, announce } = deps;
  const maxBatch = deps.maxBatch ?? MAX_REPLAY_BATCH;
  const maxBatchChars = deps.maxBatchChars ?? MAX_REPLAY_BATCH_CHARS;
  const withLock = deps.withLock ?? (<T>(task: () => Promise<T>) => task());
  let running: Promise<ReplayOutcome> | null = null;
  let again = false;
  /**
   * Entries taken out of the queue and not settled yet, in queue order: still waiting, for the
   * owner. The in-flight copy always holds at least these.
   */
  let held: HeldEntry[] = [];
  /** What waits (queue + held): counted once per pass, kept exact by settling and push(). */
  let ledger = new QueueLedger();
  /** Makes "push + count it" atomic against the pass's snapshot of the queue. */
  const gate = createGate();

  /** No longer out: settled, or back in the queue. By id: every read of the queue is a new object. */
  const release = (entries: readonly HeldEntry[]) => {
    const gone = new Set(entries.map((h) => entryId(h.entry)));
    held = held.filter((h) => !gone.has(entryId(h.entry)));
  };

  /** Reads the whole queue and counts what waits (once per pass, and when a snapshot runs out). */
  function readQueue(): Promise<QueueEntry[]> {
    return gate(async () => {
      const all = await queue.getAll();
      ledger = QueueLedger.of([...held.map((h) => h.entry), ...all]);
      return all;
    });
  }

  /**
   * Back at the head, in their order. The copy keeps covering them until they are back in the
   * queue; then it holds only what is still out (nothing already settled is ever resent).
   */
  async function putBack(entries: readonly HeldEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await store.setInFlight(held.length > 0 ? held : entries);
    for (const { entry } of [...entries].reverse()) await queue.unshiftRequest(entry);
    release(entries);
    await store.setInFlight(held.length > 0 ? held : null);
  }

  /**
   * Takes `items` off the head of the queue. Their copy is written FIRST (with whatever else is
   * out), so a worker killed between the two loses nothing: the next pass puts back what the
   * queue no longer has (by qid). False if the head is not what the snapshot said (only another
   * writer could cause that): what was taken goes back, and the caller reads the queue again.
   */
  async function take(items: readonly Taken[], copy = true): Promise<boolean> {
    if (copy) await store.setInFlight([...held, ...items]);
    const taken: HeldEntry[] = [];
    for (const item of items) {
      const got = await queue.shiftRequest();
      if (got && entryId(got) === entryId(item.entry)) {
        held.push(item);
        taken.push(item);
        continue;
      }
      if (got) {
        const unexpected = { entry: got, body: (await got.request.clone().text()) || null };
        held.push(unexpected);
        taken.push(unexpected);
      }
      await putBack(taken);
      return false;
    }
    return true;
  }

  /**
   * The rows whose last queued mutation just settled. A push this worker did not see (another
   * worker version sharing the queue) would make the counts wrong: one cheap count of the queue
   * tells, and only then is the queue read again.
   */
  async function noneLeft(entities: string[]): Promise<string[]> {
    if (entities.length === 0) return entities;
    if ((await queue.size()) + held.length === ledger.total) return entities;
    await readQueue();
    return entities.filter((entity) => ledger.count(entity) === 0);
  }

  /**
   * Applies the answers in order: done and refused entries settle (refusals go to the dead
   * letters); the first "retry later" or 401 puts it, everything after it and `following`
   * (the next batch, already taken) back, and stops.
   */
  async function settleAll(
    items: readonly Taken[],
    answers: readonly Answer[],
    following: readonly Taken[],
  ) {
    type Event =
      | { type: 'replayed'; entity: string | null; status: number }
      | { type: 'dead-letter'; entity: string | null; status: number; message: string };
    const events: Event[] = [];
    const synced: string[] = [];
    let stop: 'retry' | 'auth' | null = null;
    for (const [i, item] of items.entries()) {
      const answer = answers[i] as Answer;
      const { request } = item.entry;
      const verdict = verdictOf(request.method, answer.status);
      if (verdict === 'retry' || verdict === 'auth') {
        await putBack([...items.slice(i), ...following]);
        stop = verdict;
        break;
      }
      const { entity } = item.meta;
      if (verdict === 'refused') {
        const message = await answer.reason();
        // The row stays pending: the owner sees it needs attention next to the refusal.
        await store.deadLetter({
          method: request.method,
          url: request.url,
          body: item.body,
          status: answer.status,
          message,
          entity,
        });
        events.push({ type: 'dead-letter', entity, status: answer.status, message });
      } else {
        events.push({ type: 'replayed', entity, status: answer.status });
      }
      release([item]);
      if (ledger.settle(entity) === 0 && entity && verdict === 'done') synced.push(entity);
    }
    await store.markSynced(await noneLeft(synced));
    // The counter goes down one by one, to what waits now.
    for (const [i, event] of events.entries()) {
      announce({ ...event, size: ledger.total + (events.length - 1 - i) });
    }
    if (!stop) {
      // Sent with Idempotency-Keys, the copy may keep them until the next batch overwrites it
      // (one write less per batch): resending them after a crash only gets the stored answers
      // back. Otherwise it is narrowed to what is still out.
      const keyed = items.every((t) => t.entry.request.headers.has(IDEMPOTENCY_HEADER));
      if (!keyed || events.some((e) => e.type === 'dead-letter')) {
        await store.setInFlight(held.length > 0 ? held : null);
      }
    }
    if (stop === 'auth') announce({ type: 'auth-required', size: ledger.total });
    return stop;
  }

  /** One entry, as it was queued, to its own route. */
  async function sendAlone(item: Taken, token: string): Promise<Answer[] | 'network'> {
    try {
      const res = await deps.fetch(withCurrentToken(item.entry.request.clone(), token));
      return [{ status: res.status, reason: () => refusalMessage(res) }];
    } catch {
      return 'network';
    }
  }

  /** Consecutive catalogue mutations in one request; null if the batch itself was refused. */
  async function sendBatch(
    items: readonly Taken[],
    token: string,
  ): Promise<Answer[] | 'network' | null> {
    const url = new URL(REPLAY_BATCH_PATH, (items[0] as Taken).entry.request.url);
    let res: Response;
    try {
      res = await deps.fetch(
        new Request(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ mutations: items.map(batchItem) }),
        }),
      );
    } catch {
      return 'network';
    }
    // The batch failed as a whole (nothing ran): every entry gets the same answer.
    if (res.status === 401 || isRetryLater(res.status)) {
      return items.map(() => ({ status: res.status, reason: async () => '' }));
    }
    const parsed: unknown = res.ok ? await res.json().catch(() => null) : null;
    if (!isBatchAnswer(parsed, items.length)) return null;
    return parsed.results.map((r) => ({
      status: r.status,
      reason: async () => messageOf(r.status, r.body),
    }));
  }

  /** Entries from the head of the snapshot that can travel together (at least one). */
  async function gather(
    view: View,
    userId: string | null,
    alone: boolean,
  ): Promise<{ items: Taken[]; batch: boolean }> {
    const items: Taken[] = [];
    let chars = 0;
    for (let i = view.pos; i < view.snapshot.length && items.length < maxBatch; i++) {
      const entry = view.snapshot[i] as QueueEntry;
      const meta = readMeta(entry.metadata);
      // Another account's entry is discarded when it reaches the head.
      if (items.length > 0 && meta.userId && userId && meta.userId !== userId) break;
      const body = (await entry.request.clone().text()) || null;
      const url = new URL(entry.request.url);
      const size = body?.length ?? 0;
      const fits = !alone && url.search === '' && isBatchable(entry.request.method, url.pathname);
      if (!fits || size > maxBatchChars) {
        if (items.length === 0) return { items: [{ entry, meta, body }], batch: false };
        break;
      }
      if (chars + size > maxBatchChars) break;
      chars += size;
      items.push({ entry, meta, body });
    }
    return { items, batch: true };
  }

  /** One pass over the queue, head first; stops at the first entry that must wait. */
  async function drain(): Promise<ReplayOutcome> {
    held = [];
    let snapshot = await readQueue();
    const lost = await store.inFlight();
    if (lost.length > 0) {
      // A worker died while sending these. Those the queue no longer has go back to the head;
      // resending is safe because the server is idempotent (client ids, Idempotency-Key).
      const present = new Set(snapshot.map(entryId));
      const missing = lost.filter((h) => !present.has(entryId(h.entry)));
      await putBack(missing);
      await store.setInFlight(null);
      if (missing.length > 0) snapshot = await readQueue();
    }
    // The session cannot change under a pass: a 401 ends it.
    const [current, userId] = await Promise.all([store.token(), store.userId()]);
    try {
      return await sendAll({ snapshot, pos: 0, alone: 0 }, current, userId);
    } finally {
      // The copy a sent batch may have left (see settleAll) must not be resent at the next start.
      if (held.length === 0) await store.setInFlight(null);
    }
  }

  /**
   * Takes the next run off the queue: what can travel together from the head. Discards another
   * account's entries on the way; 'done' when nothing waits, 'auth' without any token.
   */
  async function nextRun(
    view: View,
    current: string | null,
    userId: string | null,
  ): Promise<Run | 'done' | 'auth'> {
    for (;;) {
      if (view.pos >= view.snapshot.length) {
        // Mutations queued during the pass are at the tail: read the queue again for them.
        if ((await queue.size()) === 0) return 'done';
        view.snapshot = await readQueue();
        view.pos = 0;
        if (view.snapshot.length === 0) return 'done';
      }
      const head = view.snapshot[view.pos] as QueueEntry;
      const headMeta = readMeta(head.metadata);
      // No mirrored session (page never mirrored it): the header it was queued with is all we have.
      const token = current ?? bearerOf(head.request);
      if (!token) {
        announce({ type: 'auth-required', size: ledger.total });
        return 'auth';
      }
      if (headMeta.userId && userId && headMeta.userId !== userId) {
        // Queued by another account on this phone (it signed out): never send it as this one.
        if (!(await take([{ entry: head, meta: headMeta, body: null }], false))) {
          view.snapshot = [];
          continue;
        }
        view.pos++;
        release(held.slice(-1));
        ledger.settle(headMeta.entity);
        announce({ type: 'discarded', entity: headMeta.entity, size: ledger.total });
        continue;
      }
      // Without a mirrored token each entry carries its own: no batching across them.
      const { items, batch } = await gather(view, userId, view.alone > 0 || current === null);
      if (!(await take(items))) {
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
  async function prefetch(view: View, run: Run, userId: string | null): Promise<Run | null> {
    if (view.pos >= view.snapshot.length || view.alone > 0) return null;
    const headMeta = readMeta((view.snapshot[view.pos] as QueueEntry).metadata);
    if (headMeta.userId && userId && headMeta.userId !== userId) return null;
    const { items, batch } = await gather(view, userId, false);
    if (!batch) return null;
    if (!(await take(items))) {
      view.snapshot = [];
      view.pos = 0;
      return null;
    }
    view.pos += items.length;
    return { items, batch, token: run.token };
  }

  async function sendAll(
    view: View,
    current: string | null,
    userId: string | null,
  ): Promise<ReplayOutcome> {
    let run: Run | null = null;
    for (;;) {
      if (!run) {
        const next = await nextRun(view, current, userId);
        if (typeof next === 'string') return next;
        run = next;
      }
      const sending: Promise<Answer[] | 'network' | null> = run.batch
        ? sendBatch(run.items, run.token)
        : sendAlone(run.items[0] as Taken, run.token);
      const [answers, next]: [Answer[] | 'network' | null, Run | null] = await Promise.all([
        sending,
        run.batch && current !== null ? prefetch(view, run, userId) : null,
      ]);
      const following = next?.items ?? [];
      const out = [...run.items, ...following];
      if (answers === 'network') {
        await putBack(out);
        return 'retry';
      }
      if (answers === null) {
        // The server did not take the batch (an older server, a body it would not read):
        // the same entries go again, each to its own route, which answers for itself.
        await putBack(out);
        view.pos -= out.length;
        view.alone = run.items.length;
        run = null;
        continue;
      }
      const stop = await settleAll(run.items, answers, following);
      if (stop) return stop;
      run = next;
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
    /** What still waits to be sent, the entries being sent included (for the page's counter). */
    async size(): Promise<number> {
      return (await queue.size()) + held.length;
    },
    get busy(): boolean {
      return running !== null;
    },
  };
}

export type Replayer = ReturnType<typeof createReplayer>;

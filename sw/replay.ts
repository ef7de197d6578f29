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
} from '../src/db/sync-protocol';
import {
  bearerOf,
  type EntryMeta,
  entryId,
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
type Taken = { entry: QueueEntry; meta: EntryMeta; body: string | null };

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

export function createReplayer(deps: ReplayDeps) {
  const { queue, store, announce } = deps;
  const maxBatch = deps.maxBatch ?? MAX_REPLAY_BATCH;
  const maxBatchChars = deps.maxBatchChars ?? MAX_REPLAY_BATCH_CHARS;
  const withLock = deps.withLock ?? (<T>(task: () => Promise<T>) => task());
  let running: Promise<ReplayOutcome> | null = null;
  let again = false;
  /** Entries taken out of the queue and not settled yet: still waiting, for the owner. */
  let held = 0;
  /** What the queue holds: taken once per pass, kept exact by settling and push(). */
  let ledger = new QueueLedger();
  /** Makes "push + count it" atomic against the pass's snapshot of the queue. */
  const gate = createGate();

  /** Reads the whole queue and counts it (once per pass, and when a snapshot runs out). */
  function readQueue(): Promise<QueueEntry[]> {
    return gate(async () => {
      const all = await queue.getAll();
      ledger = QueueLedger.of(all);
      return all;
    });
  }

  /**
   * Back at the head, in their order. The copy is narrowed to them first: a crash halfway must
   * not make the next pass resend entries of the batch that were already settled.
   */
  async function putBack(entries: readonly QueueEntry[]): Promise<void> {
    if (entries.length > 0) await store.setInFlight(entries);
    for (const entry of [...entries].reverse()) await queue.unshiftRequest(entry);
    held = Math.max(0, held - entries.length);
    await store.setInFlight(null);
  }

  /**
   * Takes `items` off the head of the queue. Their copy is written FIRST, so a worker killed
   * between the two loses nothing: the next pass puts back what the queue no longer has (by qid).
   * False if the head is not what the snapshot said (only another writer could cause that): what
   * was taken goes back, and the caller reads the queue again.
   */
  async function take(items: readonly Taken[], copy = true): Promise<boolean> {
    if (copy) await store.setInFlight(items.map((i) => i.entry));
    const taken: QueueEntry[] = [];
    for (const item of items) {
      const got = await queue.shiftRequest();
      if (got) {
        held++;
        taken.push(got);
      }
      if (!got || entryId(got) !== entryId(item.entry)) {
        await putBack(taken);
        return false;
      }
    }
    return true;
  }

  /**
   * The rows whose last queued mutation just settled. A push this worker did not see (another
   * worker version sharing the queue) would make the counts wrong: one cheap count of the queue
   * tells, and only then is the queue read again.
   */
  async function noneLeft(entities: string[]): Promise<string[]> {
    if (entities.length === 0 || (await queue.size()) === ledger.total) return entities;
    await readQueue();
    return entities.filter((entity) => ledger.count(entity) === 0);
  }

  /**
   * Applies the answers in order: done and refused entries settle (refusals go to the dead
   * letters); the first "retry later" or 401 puts it and everything after it back and stops.
   */
  async function settleAll(items: readonly Taken[], answers: readonly Answer[]) {
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
        await putBack(items.slice(i).map((t) => t.entry));
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
      held = Math.max(0, held - 1);
      if (ledger.settle(entity) === 0 && entity && verdict === 'done') synced.push(entity);
    }
    await store.markSynced(await noneLeft(synced));
    // The counter goes down one by one, to what the queue holds now.
    for (const [i, event] of events.entries()) {
      announce({ ...event, size: ledger.total + (events.length - 1 - i) });
    }
    if (!stop) {
      // Sent with Idempotency-Keys, the copy may stay until the next batch overwrites it (one
      // write less per batch): resending it after a crash only gets the stored answers back.
      const keyed = items.every((t) => t.entry.request.headers.has(IDEMPOTENCY_HEADER));
      if (!keyed || events.some((e) => e.type === 'dead-letter')) await store.setInFlight(null);
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
    snapshot: readonly QueueEntry[],
    from: number,
    userId: string | null,
    alone: boolean,
  ): Promise<{ items: Taken[]; batch: boolean }> {
    const items: Taken[] = [];
    let chars = 0;
    for (let i = from; i < snapshot.length && items.length < maxBatch; i++) {
      const entry = snapshot[i] as QueueEntry;
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
    let snapshot = await readQueue();
    const lost = await store.inFlight();
    if (lost.length > 0) {
      // A worker died while sending these. Those the queue no longer has go back to the head;
      // resending is safe because the server is idempotent (client ids, Idempotency-Key).
      const present = new Set(snapshot.map(entryId));
      const missing = lost.filter((entry) => !present.has(entryId(entry)));
      await putBack(missing);
      held = 0;
      if (missing.length > 0) snapshot = await readQueue();
    }
    // The session cannot change under a pass: a 401 ends it.
    const [current, userId] = await Promise.all([store.token(), store.userId()]);
    try {
      return await sendAll(snapshot, current, userId);
    } finally {
      // The copy a sent batch may have left (see settleAll) must not be resent at the next start.
      if (held === 0) await store.setInFlight(null);
    }
  }

  async function sendAll(
    first: QueueEntry[],
    current: string | null,
    userId: string | null,
  ): Promise<ReplayOutcome> {
    let snapshot = first;
    let pos = 0;
    /** After a refused batch, its entries go one by one to their own routes. */
    let alone = 0;
    for (;;) {
      if (pos >= snapshot.length) {
        // Mutations queued during the pass are at the tail: read the queue again for them.
        if ((await queue.size()) === 0) return 'done';
        snapshot = await readQueue();
        pos = 0;
        if (snapshot.length === 0) return 'done';
      }
      const head = snapshot[pos] as QueueEntry;
      const headMeta = readMeta(head.metadata);
      // No mirrored session (page never mirrored it): the header it was queued with is all we have.
      const token = current ?? bearerOf(head.request);
      if (!token) {
        announce({ type: 'auth-required', size: ledger.total });
        return 'auth';
      }
      if (headMeta.userId && userId && headMeta.userId !== userId) {
        // Queued by another account on this phone (it signed out): never send it as this one.
        const discarded = { entry: head, meta: headMeta, body: null };
        if (!(await take([discarded], false))) {
          snapshot = [];
          continue;
        }
        pos++;
        held = Math.max(0, held - 1);
        ledger.settle(headMeta.entity);
        announce({ type: 'discarded', entity: headMeta.entity, size: ledger.total });
        continue;
      }
      // Without a mirrored token each entry carries its own: no batching across them.
      const { items, batch } = await gather(snapshot, pos, userId, alone > 0 || current === null);
      if (!(await take(items))) {
        snapshot = [];
        continue;
      }
      pos += items.length;
      alone = Math.max(0, alone - items.length);
      const answers = batch
        ? await sendBatch(items, token)
        : await sendAlone(items[0] as Taken, token);
      if (answers === 'network') {
        await putBack(items.map((t) => t.entry));
        return 'retry';
      }
      if (answers === null) {
        // The server did not take the batch (an older server, a body it would not read):
        // the same entries go again, each to its own route, which answers for itself.
        await putBack(items.map((t) => t.entry));
        pos -= items.length;
        alone = items.length;
        continue;
      }
      const stop = await settleAll(items, answers);
      if (stop) return stop;
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
      return (await queue.size()) + held;
    },
    get busy(): boolean {
      return running !== null;
    },
  };
}

export type Replayer = ReturnType<typeof createReplayer>;

/**
 * Running catalogue mutations: one per request (the spec's routes) or many in order (the
 * device's replay batch, POST /api/sync/replay). Both answer per mutation what the route alone
 * would have answered.
 */
import type { Db } from '../../db/client';
import {
  type ChunkedWork,
  checkIdempotencyKey,
  isChunked,
  loadKeys,
  type Outcome,
  type Reply,
  runKeyed,
  runKeyedChunked,
  type StoredKey,
  saveKeys,
  storedOutcome,
  type Work,
} from '../../db/idempotency';
import { type StoreTx, savepoint, writeStore } from '../../db/store-write';
import { ApiError, parseJsonBody } from '../../lib/api-input';
import { addressOf, handlerOf, type MutationAddress, type MutationContext } from './mutations';

const ROUTE_NOT_FOUND = 'Rota não encontrada';

/** One mutation as the device sends it inside a replay batch: the route's method and path. */
export type BatchItem = {
  method: string;
  path: string;
  idempotencyKey?: string | undefined;
  /** The request's JSON body as sent, or null (DELETE). */
  body: string | null;
};

/** One mutation to run: the table's entry (null: no such route), its key and body. */
export type MutationItem = {
  address: MutationAddress | null;
  /** "METHOD /path", what an Idempotency-Key is bound to. */
  route: string;
  idempotencyKey?: string | undefined;
  /** The request's JSON body as sent, or null (DELETE). */
  body: string | null;
};

export type BatchReply = Reply & { replayed?: true };

/** A mutation checked and ready: its route (what a key is bound to) and its work. */
type Prepared = { route: string; work: Work | ChunkedWork };

/** Everything a mutation can check before the database: route, body, key (4xx as ApiError). */
function prepareItem(item: MutationItem, ctx: MutationContext): Prepared | Reply {
  const handler = item.address && handlerOf(item.address);
  if (!item.address || !handler) throw new ApiError(404, ROUTE_NOT_FOUND);
  // A DELETE's body (if any) means nothing: it is not read, so it cannot fail the request.
  const body = item.address.operation === 'delete' ? null : parseJsonBody(item.body ?? '');
  const prepared = handler(item.address.id, body, ctx);
  if (typeof prepared !== 'function' && !('chunked' in prepared)) return prepared;
  checkIdempotencyKey(item.idempotencyKey);
  return { route: item.route, work: prepared };
}

/** One mutation of a spec route (POST /api/products…): its answer, and whether it was replayed. */
export async function runMutation(
  db: Db,
  storeId: string,
  now: Date,
  item: MutationItem,
): Promise<{ reply: Reply; replayed: boolean }> {
  const prepared = prepareItem(item, { storeId, now });
  if (!('work' in prepared)) return { reply: prepared, replayed: false };
  const { route, work } = prepared;
  const { outcome, replayed } = isChunked(work)
    ? await runKeyedChunked(db, storeId, item.idempotencyKey, route, work)
    : await writeStore(db, storeId, (tx) =>
        runKeyed(tx, storeId, item.idempotencyKey, route, work),
      );
  return { reply: toReply(outcome), replayed };
}

/** A batch item as the table's entry it names (its address read from its method and path). */
const itemOf = (b: BatchItem): MutationItem => ({
  address: addressOf(b.method, b.path),
  route: `${b.method} ${b.path}`,
  idempotencyKey: b.idempotencyKey,
  body: b.body,
});

/** A batch item after its checks: ready to run, or already answered (4xx known before the database). */
type Checked =
  | { item: MutationItem; prepared: Prepared }
  | { item: MutationItem; reply: BatchReply };

function check(item: MutationItem, ctx: MutationContext): Checked {
  try {
    const prepared = prepareItem(item, ctx);
    return 'work' in prepared ? { item, prepared } : { item, reply: prepared };
  } catch (error) {
    if (error instanceof ApiError) return { item, reply: refusal(error) };
    throw error;
  }
}

const chunkedItem = (
  c: Checked,
): c is { item: MutationItem; prepared: Prepared & { work: ChunkedWork } } =>
  'prepared' in c && isChunked(c.prepared.work);

/**
 * Runs the items in order. Consecutive ordinary items run in ONE transaction holding the store's
 * write lock (one lock, one commit, one revision range for them). Each item runs in its own
 * savepoint: a refused item (ApiError: 4xx) is rolled back alone and answered like the route
 * would; the others go on. Anything else (the database failing) aborts that transaction: its
 * items are not kept and the device sends the batch again later. Idempotency-Keys are read in one
 * query before and written in one insert after, with the same rules as a single route
 * (server/db/idempotency.ts). A CSV import (ChunkedWork) runs between them on its own,
 * in chunks that each commit, so a batch carrying big imports does not hold the database (on
 * PGlite: its one connection) for seconds; the items before it are committed with their keys
 * first, so a batch sent again after a failure further on answers them from their keys.
 */
export async function runBatch(
  db: Db,
  storeId: string,
  now: Date,
  items: readonly BatchItem[],
): Promise<BatchReply[]> {
  const ctx: MutationContext = { storeId, now };
  const checked = items.map((item) => check(itemOf(item), ctx));
  const replies: BatchReply[] = [];
  let start = 0;
  while (start < checked.length) {
    const first = checked[start] as Checked;
    if (chunkedItem(first)) {
      replies.push(await runChunkedItem(db, storeId, first.item, first.prepared));
      start += 1;
      continue;
    }
    let end = start + 1;
    while (end < checked.length && !chunkedItem(checked[end] as Checked)) end += 1;
    replies.push(...(await runInOneTransaction(db, storeId, checked.slice(start, end))));
    start = end;
  }
  return replies;
}

function runInOneTransaction(db: Db, storeId: string, checked: readonly Checked[]) {
  return writeStore(db, storeId, async (tx) => {
    const keys = checked.flatMap((c) => (c.item.idempotencyKey ? [c.item.idempotencyKey] : []));
    const known = await loadKeys(tx, storeId, keys);
    const fresh: StoredKey[] = [];
    const replies: BatchReply[] = [];
    for (const c of checked) {
      replies.push('reply' in c ? c.reply : await runItem(tx, c.item, c.prepared, known, fresh));
    }
    await saveKeys(tx, storeId, fresh);
    return replies;
  });
}

async function runChunkedItem(
  db: Db,
  storeId: string,
  item: MutationItem,
  prepared: Prepared & { work: ChunkedWork },
): Promise<BatchReply> {
  try {
    const { outcome, replayed } = await runKeyedChunked(
      db,
      storeId,
      item.idempotencyKey,
      prepared.route,
      prepared.work,
    );
    return replayed ? { ...toReply(outcome), replayed: true } : toReply(outcome);
  } catch (error) {
    if (error instanceof ApiError) return refusal(error);
    throw error;
  }
}

async function runItem(
  tx: StoreTx,
  item: MutationItem,
  prepared: Prepared,
  known: Map<string, StoredKey>,
  fresh: StoredKey[],
): Promise<BatchReply> {
  try {
    const key = item.idempotencyKey;
    const stored = key === undefined ? undefined : known.get(key);
    if (stored) return { ...toReply(storedOutcome(stored, prepared.route)), replayed: true };
    const work = prepared.work as Work;
    const outcome = await savepoint(tx, work);
    if (key !== undefined) {
      // Also answers a second use of the key later in this same batch.
      const answer = { key, route: prepared.route, ...outcome };
      known.set(key, answer);
      fresh.push(answer);
    }
    return toReply(outcome);
  } catch (error) {
    if (error instanceof ApiError) return refusal(error);
    throw error;
  }
}

const refusal = (error: ApiError): BatchReply => ({
  status: error.status,
  body: { ...error.extra, message: error.message },
});

const toReply = (outcome: Outcome): Reply =>
  outcome.status === 204 ? { status: 204, body: null } : outcome;

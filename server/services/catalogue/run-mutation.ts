/**
 * Running catalogue mutations: one per request (the spec's routes) or many in order (the
 * device's replay batch, POST /api/sync/replay). Both answer per mutation what the route alone
 * would have answered.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../../db/client';
import { ApiError, parseJsonBody, readBodyText } from '../../http';
import type { AppEnv } from '../../types';
import {
  type ChunkedWork,
  checkIdempotencyKey,
  IDEMPOTENCY_HEADER,
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
} from './idempotency';
import { findMutation, type MutationContext } from './mutations';
import { inStoreTransaction, type Tx } from './store-lock';

const ROUTE_NOT_FOUND = 'Rota não encontrada';

function respond(c: Context<AppEnv>, reply: Reply): Response {
  if (reply.status === 204) return c.body(null, 204);
  return c.json(reply.body, reply.status as ContentfulStatusCode);
}

/** One mutation as the device sends it: alone (its own route) or inside a replay batch. */
export type BatchItem = {
  method: string;
  path: string;
  idempotencyKey?: string | undefined;
  /** The request's JSON body as sent, or null (DELETE). */
  body: string | null;
};

export type BatchReply = Reply & { replayed?: true };

/** A mutation checked and ready: its route (what a key is bound to) and its work. */
type Prepared = { route: string; work: Work | ChunkedWork };

/** Everything a mutation can check before the database: route, body, key (4xx as ApiError). */
function prepareItem(item: BatchItem, ctx: MutationContext): Prepared | Reply {
  const found = findMutation(item.method, item.path);
  if (!found) throw new ApiError(404, ROUTE_NOT_FOUND);
  // A DELETE's body (if any) means nothing: it is not read, so it cannot fail the request.
  const body = item.method === 'DELETE' ? null : parseJsonBody(item.body ?? '');
  const prepared = found.prepare(body, ctx);
  if (typeof prepared !== 'function' && !('chunked' in prepared)) return prepared;
  checkIdempotencyKey(item.idempotencyKey);
  return { route: found.route, work: prepared };
}

/** The Hono handler of every catalogue mutation route. */
export async function mutationRoute(c: Context<AppEnv>): Promise<Response> {
  const { db, now } = c.var.deps;
  const storeId = c.var.storeId;
  const item: BatchItem = {
    method: c.req.method,
    path: c.req.path,
    idempotencyKey: c.req.header(IDEMPOTENCY_HEADER),
    body: c.req.method === 'DELETE' ? null : await readBodyText(c),
  };
  const prepared = prepareItem(item, { storeId, now: now() });
  if (!('work' in prepared)) return respond(c, prepared);
  const { route, work } = prepared;
  const { outcome, replayed } = isChunked(work)
    ? await runKeyedChunked(db, storeId, item.idempotencyKey, route, work)
    : await inStoreTransaction(db, storeId, (tx) =>
        runKeyed(tx, storeId, item.idempotencyKey, route, work),
      );
  if (replayed) c.header('Idempotent-Replayed', 'true');
  return respond(c, outcome);
}

/** A batch item after its checks: ready to run, or already answered (4xx known before the database). */
type Checked = { item: BatchItem; prepared: Prepared } | { item: BatchItem; reply: BatchReply };

function check(item: BatchItem, ctx: MutationContext): Checked {
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
): c is { item: BatchItem; prepared: Prepared & { work: ChunkedWork } } =>
  'prepared' in c && isChunked(c.prepared.work);

/**
 * Runs the items in order. Consecutive ordinary items run in ONE transaction holding the store's
 * catalogue lock (one lock, one commit, one revision range for them). Each item runs in its own
 * savepoint: a refused item (ApiError: 4xx) is rolled back alone and answered like the route
 * would; the others go on. Anything else (the database failing) aborts that transaction: its
 * items are not kept and the device sends the batch again later. Idempotency-Keys are read in one
 * query before and written in one insert after, with the same rules as a single route
 * (services/catalogue/idempotency.ts). A CSV import (ChunkedWork) runs between them on its own,
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
  const checked = items.map((item) => check(item, ctx));
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
  return inStoreTransaction(db, storeId, async (tx) => {
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
  item: BatchItem,
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
  tx: Tx,
  item: BatchItem,
  prepared: Prepared,
  known: Map<string, StoredKey>,
  fresh: StoredKey[],
): Promise<BatchReply> {
  try {
    const key = item.idempotencyKey;
    const stored = key === undefined ? undefined : known.get(key);
    if (stored) return { ...toReply(storedOutcome(stored, prepared.route)), replayed: true };
    const work = prepared.work as Work;
    const outcome = await tx.transaction((savepoint) => work(savepoint));
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
  body: { message: error.message },
});

const toReply = (outcome: Outcome): Reply =>
  outcome.status === 204 ? { status: 204, body: null } : outcome;

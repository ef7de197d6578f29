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
  checkIdempotencyKey,
  IDEMPOTENCY_HEADER,
  loadKeys,
  type Outcome,
  type Reply,
  runKeyed,
  type StoredKey,
  saveKeys,
  storedOutcome,
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

/** Everything a mutation can check before the database: route, body, key (4xx as ApiError). */
function prepareItem(item: BatchItem, ctx: MutationContext) {
  const found = findMutation(item.method, item.path);
  if (!found) throw new ApiError(404, ROUTE_NOT_FOUND);
  // A DELETE's body (if any) means nothing: it is not read, so it cannot fail the request.
  const body = item.method === 'DELETE' ? null : parseJsonBody(item.body ?? '');
  const prepared = found.prepare(body, ctx);
  if (typeof prepared !== 'function') return prepared;
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
  const { outcome, replayed } = await inStoreTransaction(db, storeId, (tx) =>
    runKeyed(tx, storeId, item.idempotencyKey, prepared.route, prepared.work),
  );
  if (replayed) c.header('Idempotent-Replayed', 'true');
  return respond(c, outcome);
}

/**
 * Runs the items in order in ONE transaction holding the store's catalogue lock (one lock, one
 * commit, one revision range for the whole batch). Each item runs in its own savepoint: a
 * refused item (ApiError: 4xx) is rolled back alone and answered like the route would; the
 * others go on. Anything else (the database failing) aborts the batch: nothing is kept and the
 * device sends it again later. Idempotency-Keys are read in one query before and written in one
 * insert after, with the same rules as a single route (services/catalogue/idempotency.ts).
 */
export async function runBatch(
  db: Db,
  storeId: string,
  now: Date,
  items: readonly BatchItem[],
): Promise<BatchReply[]> {
  return inStoreTransaction(db, storeId, async (tx) => {
    const keys = items.flatMap((i) => (i.idempotencyKey ? [i.idempotencyKey] : []));
    const known = await loadKeys(tx, storeId, keys);
    const fresh: StoredKey[] = [];
    const replies: BatchReply[] = [];
    for (const item of items) {
      replies.push(await runItem(tx, { storeId, now }, item, known, fresh));
    }
    await saveKeys(tx, storeId, fresh);
    return replies;
  });
}

async function runItem(
  tx: Tx,
  ctx: MutationContext,
  item: BatchItem,
  known: Map<string, StoredKey>,
  fresh: StoredKey[],
): Promise<BatchReply> {
  try {
    const prepared = prepareItem(item, ctx);
    if (!('work' in prepared)) return prepared;
    const key = item.idempotencyKey;
    const stored = key === undefined ? undefined : known.get(key);
    if (stored) return { ...toReply(storedOutcome(stored, prepared.route)), replayed: true };
    const outcome = await tx.transaction((savepoint) => prepared.work(savepoint));
    if (key !== undefined) {
      // Also answers a second use of the key later in this same batch.
      const answer = { key, route: prepared.route, ...outcome };
      known.set(key, answer);
      fresh.push(answer);
    }
    return toReply(outcome);
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, body: { message: error.message } };
    throw error;
  }
}

const toReply = (outcome: Outcome): Reply =>
  outcome.status === 204 ? { status: 204, body: null } : outcome;

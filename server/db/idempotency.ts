/** Idempotency-Key: a replayed mutation gets the stored response instead of running twice. */
import { and, eq, inArray } from 'drizzle-orm';
import { ApiError } from '../http';
import type { Db } from './client';
import { idempotencyKeys } from './schema';
import type { StoreTx, Tx } from './store-write';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/**
 * Kept longer than the device queue keeps a request (workbox default 7 days), so any replay still
 * finds its answer; deleted after that by the nightly clean-up job (server/jobs/cleanup.ts).
 */
export const IDEMPOTENCY_RETENTION_DAYS = 30;
const KEY_PATTERN = /^[\x21-\x7E]{1,200}$/;

export type Outcome = { status: 200 | 201 | 204; body: unknown };
/** What a mutation answers: an Outcome, or a refusal known before the database (e.g. 400). */
export type Reply = { status: number; body: unknown };
/** The part of a mutation that runs inside the store's locked transaction (store-write.ts). */
export type Work = (tx: StoreTx) => Promise<Outcome>;
/**
 * Work too big for one transaction (a CSV import of thousands of rows): it opens its own
 * store-locked transactions, a chunk of rows each, so that other stores' queries (and, on PGlite,
 * every other query: it has one connection) run between them. Run again after a crash midway, it
 * must reach the same final state (see docs/decisions/003, "CSV import in chunks").
 */
export type ChunkedWork = { chunked: (db: Db) => Promise<Outcome> };

export const isChunked = (work: Work | ChunkedWork): work is ChunkedWork =>
  typeof work !== 'function';

/** A malformed key is the client's bug: 400 before anything runs. */
export function checkIdempotencyKey(key: string | undefined): void {
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'Idempotency-Key inválida');
  }
}

/** An answer remembered under its key: what the route answered the first time. */
export type StoredKey = { key: string; route: string; status: number; body: unknown };

/** The stored answers of these keys in this store (one query, whatever their number). */
export async function loadKeys(
  tx: Db,
  storeId: string,
  keys: readonly string[],
): Promise<Map<string, StoredKey>> {
  // A malformed key is refused item by item (checkIdempotencyKey): never worth a lookup.
  const valid = keys.filter((k) => KEY_PATTERN.test(k));
  if (valid.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.storeId, storeId), inArray(idempotencyKeys.key, valid)));
  return new Map(rows.map((r) => [r.key, r]));
}

/** Stores answers under their keys, in the transaction that produced them. */
export async function saveKeys(tx: Tx, storeId: string, answers: readonly StoredKey[]) {
  if (answers.length === 0) return;
  await tx.insert(idempotencyKeys).values(
    answers.map((a) => ({
      storeId,
      key: a.key,
      route: a.route,
      status: a.status,
      body: a.body ?? {},
    })),
  );
}

/** The stored answer, if the key was used for this same operation; 422 if for another. */
export function storedOutcome(stored: StoredKey, route: string): Outcome {
  if (stored.route !== route) {
    throw new ApiError(422, 'Idempotency-Key já usada em outra operação');
  }
  return { status: stored.status, body: stored.body } as Outcome;
}

/**
 * Runs `work` inside the caller's transaction, which holds the lock that serialises this store's
 * uses of a key (the store write lock, or the campaigns' lock). With a key, the
 * outcome is stored in the same transaction, keyed per store, so a replay (even one racing the
 * original: the lock serialises them) answers the stored response and changes nothing. The
 * same key on another method/path is a client bug: 422. Errors are not stored; they run again
 * on replay.
 */
export async function runKeyed<T extends Tx>(
  tx: T,
  storeId: string,
  key: string | undefined,
  route: string,
  work: (tx: T) => Promise<Outcome>,
): Promise<{ outcome: Outcome; replayed: boolean }> {
  if (key === undefined) return { outcome: await work(tx), replayed: false };
  const stored = (await loadKeys(tx, storeId, [key])).get(key);
  if (stored) return { outcome: storedOutcome(stored, route), replayed: true };
  const outcome = await work(tx);
  await saveKeys(tx, storeId, [{ key, route, ...outcome }]);
  return { outcome, replayed: false };
}

/**
 * `runKeyed` for ChunkedWork, outside any transaction. The stored answer is looked up first; the
 * work's chunks commit one by one; the answer is stored after the last one. A crash before that
 * leaves no answer, so the device's retry (same key) runs the work again, which converges to the
 * same catalogue. Two runs of one key at once both finish; the first answer stored is the one
 * both return.
 */
export async function runKeyedChunked(
  db: Db,
  storeId: string,
  key: string | undefined,
  route: string,
  work: ChunkedWork,
): Promise<{ outcome: Outcome; replayed: boolean }> {
  if (key === undefined) return { outcome: await work.chunked(db), replayed: false };
  const stored = (await loadKeys(db, storeId, [key])).get(key);
  if (stored) return { outcome: storedOutcome(stored, route), replayed: true };
  const outcome = await work.chunked(db);
  const saved = await db
    .insert(idempotencyKeys)
    .values({ storeId, key, route, status: outcome.status, body: outcome.body ?? {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (saved.length > 0) return { outcome, replayed: false };
  const first = (await loadKeys(db, storeId, [key])).get(key);
  return { outcome: first ? storedOutcome(first, route) : outcome, replayed: true };
}

/** Idempotency-Key: a replayed mutation gets the stored response instead of running twice. */
import { and, eq, lt, sql } from 'drizzle-orm';
import { idempotencyKeys } from '../../db/schema';
import { ApiError } from '../../http';
import type { Tx } from './store-lock';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Longer than the device queue keeps a request (workbox default 7 days). */
const RETENTION_DAYS = 30;
const KEY_PATTERN = /^[\x21-\x7E]{1,200}$/;

export type Outcome = { status: 200 | 201 | 204; body: unknown };
/** What a mutation answers: an Outcome, or a refusal known before the database (e.g. 400). */
export type Reply = { status: number; body: unknown };
/** The part of a mutation that runs inside the store's locked transaction. */
export type Work = (tx: Tx) => Promise<Outcome>;

/** A malformed key is the client's bug: 400 before anything runs. */
export function checkIdempotencyKey(key: string | undefined): void {
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'Idempotency-Key inválida');
  }
}

/**
 * Runs `work` inside the caller's store transaction (the catalogue lock held). With a key, the
 * outcome is stored in the same transaction, keyed per store, so a replay (even one racing the
 * original: the lock serialises them) answers the stored response and changes nothing. The
 * same key on another method/path is a client bug: 422. Errors are not stored; they run again
 * on replay.
 */
export async function runKeyed(
  tx: Tx,
  storeId: string,
  key: string | undefined,
  route: string,
  work: Work,
): Promise<{ outcome: Outcome; replayed: boolean }> {
  if (key === undefined) return { outcome: await work(tx), replayed: false };
  const [stored] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.storeId, storeId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (stored) {
    if (stored.route !== route) {
      throw new ApiError(422, 'Idempotency-Key já usada em outra operação');
    }
    return { outcome: { status: stored.status, body: stored.body } as Outcome, replayed: true };
  }
  const outcome = await work(tx);
  await tx.insert(idempotencyKeys).values({
    storeId,
    key,
    route,
    status: outcome.status,
    body: outcome.body ?? {},
  });
  if (Math.random() < 0.02) await purgeOldKeys(tx, storeId);
  return { outcome, replayed: false };
}

async function purgeOldKeys(tx: Tx, storeId: string) {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.storeId, storeId),
        lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${RETENTION_DAYS})`),
      ),
    );
}

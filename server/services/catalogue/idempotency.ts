/** Idempotency-Key: a replayed mutation gets the stored response instead of running twice. */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { idempotencyKeys } from '../../db/schema';
import { ApiError } from '../../http';
import type { AppEnv } from '../../types';
import { inStoreTransaction, type Tx } from './store-lock';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Longer than the device queue keeps a request (workbox default 7 days). */
const RETENTION_DAYS = 30;
const KEY_PATTERN = /^[\x21-\x7E]{1,200}$/;

export type Outcome = { status: 200 | 201 | 204; body: unknown };

/**
 * Runs `work` in the store's locked transaction. With an Idempotency-Key header the outcome is
 * stored in the same transaction, keyed per store, so a replay (even one racing the original:
 * the lock serialises them) answers the stored response and changes nothing. The same key on
 * another method/path is a client bug: 422. Errors are not stored; they run again on replay.
 */
export async function runIdempotent(
  c: Context<AppEnv>,
  work: (tx: Tx) => Promise<Outcome>,
): Promise<Response> {
  const { db } = c.var.deps;
  const storeId = c.var.storeId;
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key !== undefined && !KEY_PATTERN.test(key)) {
    throw new ApiError(400, 'Idempotency-Key inválida');
  }
  const route = `${c.req.method} ${c.req.path}`;
  const { outcome, replayed } = await inStoreTransaction(db, storeId, async (tx) => {
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
    const result = await work(tx);
    await tx.insert(idempotencyKeys).values({
      storeId,
      key,
      route,
      status: result.status,
      body: result.body ?? {},
    });
    if (Math.random() < 0.02) await purgeOldKeys(tx, storeId);
    return { outcome: result, replayed: false };
  });
  if (replayed) c.header('Idempotent-Replayed', 'true');
  if (outcome.status === 204) return c.body(null, 204);
  return c.json(outcome.body, outcome.status as ContentfulStatusCode);
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

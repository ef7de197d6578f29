/** Attempt counters (fixed windows) for login and sign-up, shared through the database. */
import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export type Limit = { max: number; windowMs: number };

/**
 * Failed logins per e-mail from one client address: a guesser gets a handful of tries per quarter
 * hour, and only from where they are — the owner's own phone keeps its own count.
 */
export const ACCOUNT_ADDRESS_LIMIT: Limit = { max: 10, windowMs: 15 * 60 * 1000 };
/**
 * Failed logins per e-mail from anywhere: the ceiling against many addresses guessing one account.
 * Higher than the per-address count, so one attacker cannot lock the owner out.
 */
export const ACCOUNT_LIMIT: Limit = { max: 100, windowMs: 15 * 60 * 1000 };
/** Failed logins per client address: covers one machine spraying many e-mails. */
export const ADDRESS_LIMIT: Limit = { max: 30, windowMs: 15 * 60 * 1000 };
/** Sign-ups per client address: each costs a memory-hard hash, so bound the CPU one client burns. */
export const REGISTER_LIMIT: Limit = { max: 100, windowMs: 15 * 60 * 1000 };

/**
 * Attempt counters (fixed windows) in the database (`rate_limits`): every API process on one
 * database counts together, so N processes allow what one does, and a restart forgets nothing.
 * Keys are stored as SHA-256 hashes. Expired rows are deleted by the nightly clean-up.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  async retryAfter(key: string, limit: Limit, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      .from(rateLimits)
      .where(eq(rateLimits.key, hashKey(key)));
    return waitFor(row, limit, now);
  }

  /**
   * Takes one attempt from every key at once, before the expensive work: 0 when it was taken, or
   * the seconds to wait (nothing taken) when any key is used up. The keys' rows are locked (in
   * key order) for the check and the count, so of any number of simultaneous attempts, from any
   * number of processes, at most `max` get through.
   */
  async reserve(checks: ReadonlyArray<readonly [string, Limit]>, now: Date): Promise<number> {
    const hashed = checks
      .map(([key, limit]) => [hashKey(key), limit] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const keys = hashed.map(([key]) => key);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(async (tx) => {
          // Rows must exist to be locked; a new one starts expired (count 0, reset now).
          await tx
            .insert(rateLimits)
            .values(keys.map((key) => ({ key, count: 0, resetAt: now })))
            .onConflictDoNothing();
          const rows = await tx
            .select()
            .from(rateLimits)
            .where(inArray(rateLimits.key, keys))
            .orderBy(rateLimits.key)
            .for('update');
          const byKey = new Map(rows.map((row) => [row.key, row]));
          const wait = Math.max(0, ...hashed.map(([key, l]) => waitFor(byKey.get(key), l, now)));
          if (wait > 0) return wait;
          for (const [key, limit] of hashed) {
            const row = byKey.get(key);
            const expired = !row || now.getTime() >= row.resetAt.getTime();
            await tx
              .update(rateLimits)
              .set(
                expired
                  ? { count: 1, resetAt: new Date(now.getTime() + limit.windowMs) }
                  : { count: sql`${rateLimits.count} + 1` },
              )
              .where(eq(rateLimits.key, key));
          }
          return 0;
        });
      } catch (error) {
        // Two processes creating the same keys at once can deadlock; PostgreSQL picks one.
        if (attempt >= 3 || (error as { code?: string }).code !== '40P01') throw error;
      }
    }
  }

  /** Gives back one reserved attempt (it turned out not to be a failure). */
  async release(key: string, now: Date): Promise<void> {
    await this.db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(
        and(eq(rateLimits.key, hashKey(key)), gt(rateLimits.resetAt, now), gt(rateLimits.count, 0)),
      );
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, hashKey(key)));
  }
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function waitFor(
  row: { count: number; resetAt: Date } | undefined,
  limit: Limit,
  now: Date,
): number {
  const t = now.getTime();
  if (!row || t >= row.resetAt.getTime() || row.count < limit.max) return 0;
  return Math.max(1, Math.ceil((row.resetAt.getTime() - t) / 1000));
}

/** The nightly clean-up: windows that ended are forgotten. */
export async function deleteExpiredLimits(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lte(rateLimits.resetAt, now))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

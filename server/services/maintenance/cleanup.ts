/**
 * Housekeeping: expired sessions, Idempotency-Keys past their retention and ended login/sign-up
 * limit windows are deleted.
 */
import { lt, lte } from 'drizzle-orm';
import { deleteExpiredLimits } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import { idempotencyKeys, sessions } from '../../db/schema';
import { IDEMPOTENCY_RETENTION_DAYS } from '../catalogue/idempotency';

const DAY_MS = 24 * 60 * 60 * 1000;

export type CleanupResult = { sessions: number; idempotencyKeys: number; rateLimits: number };

/** Idempotent: running it twice, or late, deletes nothing more than what is due. */
export async function deleteExpired(db: Db, now: Date): Promise<CleanupResult> {
  const expired = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * DAY_MS);
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, keysBefore))
    .returning({ key: idempotencyKeys.key });
  const rateLimits = await deleteExpiredLimits(db, now);
  return { sessions: expired.length, idempotencyKeys: keys.length, rateLimits };
}

/**
 * Housekeeping: expired sessions, Idempotency-Keys, unmatched Pix notifications and message
 * receipts past their retention, ended login/sign-up limit windows, and the customers of labels
 * deleted long ago that no campaign can still need (label-links.ts) are deleted.
 */
import { lt, lte } from 'drizzle-orm';
import { deleteExpiredLimits } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import { IDEMPOTENCY_RETENTION_DAYS } from '../../db/idempotency';
import { idempotencyKeys, pixUnmatchedNotifications, sessions } from '../../db/schema';
import { pruneDeletedLabelLinks } from './label-links';
import { purgeOldReceipts } from './receipts-retention';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Unmatched Pix notifications are kept this long for a person to reconcile, then deleted. */
export const UNMATCHED_RETENTION_DAYS = 90;

export type CleanupResult = {
  sessions: number;
  idempotencyKeys: number;
  unmatchedPix: number;
  rateLimits: number;
  /** Campaigns whose receipts became counts, and receipts deleted (decision 022). */
  receipts: { campaigns: number; receipts: number };
  /** Links of deleted labels to their customers, deleted (label-links.ts). */
  labelLinks: number;
};

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
  const unmatchedBefore = new Date(now.getTime() - UNMATCHED_RETENTION_DAYS * DAY_MS);
  const unmatched = await db
    .delete(pixUnmatchedNotifications)
    .where(lt(pixUnmatchedNotifications.createdAt, unmatchedBefore))
    .returning({ id: pixUnmatchedNotifications.id });
  const rateLimits = await deleteExpiredLimits(db, now);
  const receipts = await purgeOldReceipts(db, now);
  const labelLinks = await pruneDeletedLabelLinks(db, now);
  return {
    labelLinks,
    receipts,
    sessions: expired.length,
    idempotencyKeys: keys.length,
    unmatchedPix: unmatched.length,
    rateLimits,
  };
}

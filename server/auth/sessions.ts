/** Bearer sessions: opaque random tokens handed out once and stored only as SHA-256 hashes. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { sessions, stores, users } from '../db/schema';

/** Tokens are stored only as this hash: a leaked sessions table holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A session unused this long ends (sliding: each use renews it). A lost phone left in a drawer is
 * signed out after a month; an owner at the counter every week never notices.
 */
export const SESSION_IDLE_MS = 30 * DAY_MS;
/** No session outlives this, however often it is used: a stolen and used token still ends. */
export const SESSION_MAX_MS = 90 * DAY_MS;
/**
 * The last use is written at most this often per token: a write per request would cost every
 * API call a row update (and change the MVCC snapshot list-json.ts caches by). So the idle limit
 * runs from the last renewal, at most an hour before the real last use.
 */
export const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** When a session used at `now` ends, given when it began: the idle limit, within the cap. */
export function expiryOf(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_MAX_MS));
}

/** 32 random bytes as base64url (43 characters): unguessable, so a fast hash is enough at rest. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export type NewSession = {
  userId: string;
  /** The device label for the session list (device-label.ts). */
  device: string;
  /**
   * The password hash the caller checked (login): the session is made only if it is still the
   * user's. A password changed meanwhile ends the sessions it did not make; a login that checked
   * the old one a moment before must not slip a new session in after it (null then).
   */
  checkedHash?: string;
};

/** A new session's token, or null when `checkedHash` is no longer the user's password. */
export async function createSession(
  db: Db,
  session: NewSession & { checkedHash: string },
  now: Date,
): Promise<string | null>;
export async function createSession(
  db: Db,
  session: Omit<NewSession, 'checkedHash'>,
  now: Date,
): Promise<string>;
export async function createSession(
  db: Db,
  { userId, device, checkedHash }: NewSession,
  now: Date,
): Promise<string | null> {
  const token = newToken();
  const created = await db.transaction(async (tx) => {
    if (checkedHash !== undefined) {
      // Shares the row lock a password change takes (user-sessions.ts): one waits for the other.
      const [same] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)))
        .for('share');
      if (!same) return false;
    }
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: expiryOf(now, now),
      device,
    });
    return true;
  });
  if (!created) return null;
  // This user's expired sessions go now; everyone else's with the nightly job (server/jobs/cleanup.ts).
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  return token;
}

/** Deletes the session; repeating it (or an unknown token) is harmless. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** The database state a statement read: same text, same committed data (see findSession). */
export type Snapshot = string;

const sessionQuery = preparedPerDb((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      storeId: stores.id,
      // Due for renewal: computed here so a live session costs no second statement.
      stale: sql<boolean>`${sessions.lastUsedAt} <= ${sql.placeholder('touchBefore')}`,
      snapshot: sql<Snapshot>`pg_current_snapshot()::text`,
    })
    .from(sessions)
    .leftJoin(stores, eq(stores.userId, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_session'),
);

export type LiveSession = {
  /** The session's public id (what the session list shows). */
  id: string;
  userId: string;
  storeId: string | null;
  /** Last renewed over TOUCH_EVERY_MS ago: the caller renews it (touchSession). */
  stale: boolean;
  snapshot: Snapshot;
};

/**
 * The live session of a token and its user's store (null before onboarding), in one query: every
 * API request pays for this lookup, and on the embedded database each query is a real cost. Not
 * cached, so a revoked token or a new store is seen by the very next request.
 *
 * `snapshot` is the statement's MVCC snapshot (`xmin:xmax:in-progress xids`): two statements with
 * the same snapshot see exactly the same committed rows, so an answer computed under it is still
 * exact (services/sync/list-json.ts uses that; any committed write changes it).
 */
export async function findSession(db: Db, token: string, now: Date): Promise<LiveSession | null> {
  const [session] = await sessionQuery(db).execute({
    tokenHash: hashToken(token),
    now: now.toISOString(),
    touchBefore: new Date(now.getTime() - TOUCH_EVERY_MS).toISOString(),
  });
  return session ?? null;
}

/**
 * Renews a session in use: last use now, and the idle limit from now (within the cap). Guarded
 * by the same conditions as the lookup, so two requests at once write once, and an ended or
 * expired session is never brought back.
 */
export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  const cap = sql`${sessions.createdAt} + ${`${SESSION_MAX_MS} milliseconds`}::interval`;
  const idle = new Date(now.getTime() + SESSION_IDLE_MS).toISOString();
  await db
    .update(sessions)
    .set({ lastUsedAt: now, expiresAt: sql`least(${idle}::timestamptz, ${cap})` })
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, now),
        lte(sessions.lastUsedAt, new Date(now.getTime() - TOUCH_EVERY_MS)),
      ),
    );
}

/** Bearer sessions: opaque random tokens handed out once and stored only as SHA-256 hashes. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedPerDb } from '../db/prepared';
import { sessions, stores } from '../db/schema';

/** Tokens are stored only as this hash: a leaked sessions table holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A stolen phone is the main risk; 90 days keeps owners signed in without living forever. */
export const SESSION_TTL_MS = 90 * 24 * 60 * 60 * 1000;

/** 32 random bytes as base64url (43 characters): unguessable, so a fast hash is enough at rest. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(db: Db, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
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
      userId: sessions.userId,
      storeId: stores.id,
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

/**
 * The live session of a token and its user's store (null before onboarding), in one query: every
 * API request pays for this lookup, and on the embedded database each query is a real cost. Not
 * cached, so a revoked token or a new store is seen by the very next request.
 *
 * `snapshot` is the statement's MVCC snapshot (`xmin:xmax:in-progress xids`): two statements with
 * the same snapshot see exactly the same committed rows, so an answer computed under it is still
 * exact (services/catalogue/list-json.ts uses that; any committed write changes it).
 */
export async function findSession(
  db: Db,
  token: string,
  now: Date,
): Promise<{ userId: string; storeId: string | null; snapshot: Snapshot } | null> {
  const [session] = await sessionQuery(db).execute({
    tokenHash: hashToken(token),
    now: now.toISOString(),
  });
  return session ?? null;
}

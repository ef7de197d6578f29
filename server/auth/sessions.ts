/** Bearer sessions: opaque random tokens handed out once and stored only as SHA-256 hashes. */
import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { hashToken } from './middleware';

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

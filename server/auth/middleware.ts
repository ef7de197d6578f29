/** Bearer-token guards: requireUser resolves the session, requireStore the caller's store. */
import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { sessions, stores } from '../db/schema';
import { ApiError } from '../http';
import type { AppEnv } from '../types';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/**
 * The session and the caller's store in one query: every API request pays for this lookup, and on
 * the embedded database each query is a real cost. Not cached, so a revoked token or a new store
 * is seen by the very next request.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  const { db, now } = c.var.deps;
  const [session] = await db
    .select({ userId: sessions.userId, storeId: stores.id })
    .from(sessions)
    .leftJoin(stores, eq(stores.userId, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now())))
    .limit(1);
  if (!session) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  c.set('userId', session.userId);
  if (session.storeId) c.set('storeId', session.storeId);
  await next();
});

/** After requireUser: the caller's store (read with the session), or 404 before onboarding. */
export const requireStore = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.storeId) throw new ApiError(404, 'Loja não encontrada. Conclua o cadastro da loja.');
  await next();
});

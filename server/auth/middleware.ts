/** Bearer-token guards: requireUser resolves the session, requireStore the caller's store. */
import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { sessions } from '../db/schema';
import { ApiError } from '../http';
import { findStoreIdOfUser, STORE_NOT_FOUND } from '../services/stores/store-data';
import type { AppEnv } from '../types';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  return match?.[1] ?? null;
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  const { db, now } = c.var.deps;
  const [session] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now())))
    .limit(1);
  if (!session) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  c.set('userId', session.userId);
  await next();
});

/** After requireUser: the caller's store, or 404 'Loja não encontrada' before onboarding. */
export const requireStore = createMiddleware<AppEnv>(async (c, next) => {
  const storeId = await findStoreIdOfUser(c.var.deps.db, c.var.userId);
  if (!storeId) throw new ApiError(404, STORE_NOT_FOUND);
  c.set('storeId', storeId);
  await next();
});

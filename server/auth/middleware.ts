/** Bearer-token guards: requireUser resolves the session, requireStore the caller's store. */
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http';
import { STORE_NOT_FOUND } from '../services/stores/store-data';
import type { AppEnv } from '../types';
import { findSession } from './sessions';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Resolves the bearer token's session, and with it (same query) the caller's store if any. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  const session = await findSession(c.var.deps.db, token, c.var.deps.now());
  if (!session) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  c.set('userId', session.userId);
  c.set('snapshot', session.snapshot);
  if (session.storeId) c.set('storeId', session.storeId);
  await next();
});

/** After requireUser: the caller's store (read with the session), or 404 before onboarding. */
export const requireStore = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.storeId) throw new ApiError(404, STORE_NOT_FOUND);
  await next();
});

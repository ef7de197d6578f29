/** Bearer-token guards: requireUser resolves (and renews) the session, requireStore the caller's store. */
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http';
import { STORE_NOT_FOUND } from '../services/stores/store-data';
import type { AppEnv } from '../types';
import { findSession, touchSession } from './sessions';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Resolves the bearer token's session, and with it (same query) the caller's store if any. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  const { db, now } = c.var.deps;
  const at = now();
  const session = await findSession(db, token, at);
  if (!session) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  // Renewed by use, at most once an hour per token (sessions.ts TOUCH_EVERY_MS).
  if (session.stale) await touchSession(db, session.id, at);
  c.set('sessionId', session.id);
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

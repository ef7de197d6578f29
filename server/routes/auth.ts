/** /api/auth: register, login (rate-limited), logout (revokes the token) and the session check. */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { loginSchema, registerBodySchema } from '../../src/domain/schemas';
import { clientAddress } from '../auth/client-address';
import { bearerToken, requireUser } from '../auth/middleware';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import {
  ACCOUNT_ADDRESS_LIMIT,
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  type Limit,
  RateLimiter,
  REGISTER_LIMIT,
} from '../auth/rate-limit';
import { createSession, revokeSession } from '../auth/sessions';
import type { Db } from '../db/client';
import { stores, users } from '../db/schema';
import { ApiError, readJson } from '../http';
import type { AppEnv, Services } from '../types';

export const WRONG_CREDENTIALS = 'E-mail ou senha incorretos';
export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
export const EMAIL_TAKEN = 'Este e-mail já está cadastrado';

// One limiter per app instance (keyed by its services), so each test app starts with clean counters.
const limiters = new WeakMap<Services, RateLimiter>();
function limiterOf(deps: Services): RateLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = new RateLimiter();
    limiters.set(deps, limiter);
  }
  return limiter;
}

/**
 * Reserves one attempt on every key before any password work, or throws 429 (with Retry-After)
 * when one of them is used up. Reserving (not counting after the hash) is what holds the limit
 * when many attempts arrive at once.
 */
function reserveAttempt(c: Context<AppEnv>, checks: Array<[string, Limit]>) {
  const wait = limiterOf(c.var.deps).reserve(checks, c.var.deps.now());
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    throw new ApiError(429, TOO_MANY_ATTEMPTS);
  }
}

async function hasStore(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.userId, userId))
    .limit(1);
  return Boolean(row);
}

export const authRoutes = new Hono<AppEnv>();

authRoutes.post('/register', async (c) => {
  const { db, now } = c.var.deps;
  const addressKey = `register:address:${clientAddress(c)}`;
  const input = await readJson(c, registerBodySchema);
  reserveAttempt(c, [[addressKey, REGISTER_LIMIT]]);

  const passwordHash = await hashPassword(input.password);
  // ON CONFLICT DO NOTHING: two racing sign-ups with one e-mail give one account and one 409.
  const [user] = await db
    .insert(users)
    .values({ email: input.email, passwordHash, createdAt: now() })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) throw new ApiError(409, EMAIL_TAKEN);

  const token = await createSession(db, user.id, now());
  return c.json({ token, userId: user.id }, 201);
});

authRoutes.post('/login', async (c) => {
  const { db, now } = c.var.deps;
  const input = await readJson(c, loginSchema);
  const limiter = limiterOf(c.var.deps);
  const address = clientAddress(c);
  const accountKey = `login:account:${input.email}`;
  const pairKey = `login:account-address:${input.email}|${address}`;
  const addressKey = `login:address:${address}`;
  // Reserved before the password: a blocked account cannot be probed even with the right one,
  // and simultaneous guesses cannot all slip in before the first failure is counted.
  reserveAttempt(c, [
    [pairKey, ACCOUNT_ADDRESS_LIMIT],
    [accountKey, ACCOUNT_LIMIT],
    [addressKey, ADDRESS_LIMIT],
  ]);

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await burnPasswordCheck(input.password);
  // A failure keeps its reserved attempts; a success gives them back and clears this device's count.
  if (!user || !ok) throw new ApiError(401, WRONG_CREDENTIALS);
  limiter.reset(pairKey);
  limiter.release(accountKey, now());
  limiter.release(addressKey, now());

  if (needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(input.password);
    await db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  const token = await createSession(db, user.id, now());
  return c.json({ token, userId: user.id, hasStore: await hasStore(db, user.id) }, 200);
});

/** Idempotent: logging out twice, or with an expired token, still answers 204. */
authRoutes.post('/logout', async (c) => {
  const token = bearerToken(c.req.header('authorization'));
  if (token) await revokeSession(c.var.deps.db, token);
  return c.body(null, 204);
});

authRoutes.get('/me', requireUser, async (c) => {
  const [user] = await c.var.deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, c.var.userId))
    .limit(1);
  if (!user) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  // requireUser read the store with the session: no second query.
  return c.json({ userId: c.var.userId, email: user.email, hasStore: Boolean(c.var.storeId) });
});

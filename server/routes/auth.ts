/** /api/auth: register, login (rate-limited), logout (revokes the token) and the session check. */
import { Hono } from 'hono';
import { loginSchema, registerBodySchema } from '../../src/domain/schemas';
import { clientAddress } from '../auth/client-address';
import { bearerToken, requireUser } from '../auth/middleware';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import {
  ACCOUNT_ADDRESS_LIMIT,
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  REGISTER_LIMIT,
} from '../auth/rate-limit';
import { createSession, revokeSession } from '../auth/sessions';
import { ApiError, readJson } from '../http';
import {
  findUserByEmail,
  findUserEmail,
  insertUser,
  setPasswordHash,
} from '../services/accounts/users';
import { findStoreIdOfUser } from '../services/stores/store-data';
import type { AppEnv } from '../types';
import { limiterOf, reserveAttempt } from './attempts';

export const WRONG_CREDENTIALS = 'E-mail ou senha incorretos';
export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
export const EMAIL_TAKEN = 'Este e-mail já está cadastrado';

export const authRoutes = new Hono<AppEnv>();

authRoutes.post('/register', async (c) => {
  const { db, now } = c.var.deps;
  const addressKey = `register:address:${clientAddress(c)}`;
  // Before the body (issue 35): one that is not JSON or not valid spends an attempt too.
  await reserveAttempt(c, [[addressKey, REGISTER_LIMIT]], TOO_MANY_ATTEMPTS);
  const input = await readJson(c, registerBodySchema);

  const passwordHash = await hashPassword(input.password);
  const userId = await insertUser(db, input.email, passwordHash, now());
  if (!userId) throw new ApiError(409, EMAIL_TAKEN);

  const token = await createSession(db, userId, now());
  return c.json({ token, userId }, 201);
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
  await reserveAttempt(
    c,
    [
      [pairKey, ACCOUNT_ADDRESS_LIMIT],
      [accountKey, ACCOUNT_LIMIT],
      [addressKey, ADDRESS_LIMIT],
    ],
    TOO_MANY_ATTEMPTS,
  );

  const user = await findUserByEmail(db, input.email);
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await burnPasswordCheck(input.password);
  // A failure keeps its reserved attempts; a success gives them back and clears this device's count.
  if (!user || !ok) throw new ApiError(401, WRONG_CREDENTIALS);
  await limiter.reset(pairKey);
  await limiter.release(accountKey, now());
  await limiter.release(addressKey, now());

  if (needsRehash(user.passwordHash)) {
    await setPasswordHash(db, user.id, await hashPassword(input.password));
  }
  const token = await createSession(db, user.id, now());
  return c.json(
    { token, userId: user.id, hasStore: (await findStoreIdOfUser(db, user.id)) !== null },
    200,
  );
});

/** Idempotent: logging out twice, or with an expired token, still answers 204. */
authRoutes.post('/logout', async (c) => {
  const token = bearerToken(c.req.header('authorization'));
  if (token) await revokeSession(c.var.deps.db, token);
  return c.body(null, 204);
});

authRoutes.get('/me', requireUser, async (c) => {
  const email = await findUserEmail(c.var.deps.db, c.var.userId);
  if (!email) throw new ApiError(401, 'Sessão expirada. Entre novamente.');
  // requireUser read the store with the session: no second query.
  return c.json({ userId: c.var.userId, email, hasStore: Boolean(c.var.storeId) });
});

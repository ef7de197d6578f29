/**
 * /api/auth: register, login (rate-limited), logout (revokes the token) and the session check;
 * the password change and the session list are in auth-sessions.ts.
 */
import { Hono } from 'hono';
import { loginSchema, registerBodySchema } from '../../src/domain/schemas';
import { clientAddress } from '../auth/client-address';
import { deviceLabel } from '../auth/device-label';
import { bearerToken, requireUser } from '../auth/middleware';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { REGISTER_LIMIT } from '../auth/rate-limit';
import { createSession, revokeSession } from '../auth/sessions';
import { ApiError, readJson } from '../http';
import {
  findUserByEmail,
  findUserEmail,
  insertUser,
  rehashPassword,
} from '../services/accounts/users';
import { findStoreIdOfUser } from '../services/stores/store-data';
import type { AppEnv } from '../types';
import { reserveAttempt } from './attempts';
import { sessionRoutes } from './auth-sessions';
import { reservePasswordCheck, TOO_MANY_ATTEMPTS } from './login-attempts';

export { TOO_MANY_ATTEMPTS } from './login-attempts';

export const WRONG_CREDENTIALS = 'E-mail ou senha incorretos';
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

  const token = await createSession(
    db,
    { userId, device: deviceLabel(c.req.header('user-agent')) },
    now(),
  );
  return c.json({ token, userId }, 201);
});

authRoutes.post('/login', async (c) => {
  const { db, now } = c.var.deps;
  const input = await readJson(c, loginSchema);
  const succeeded = await reservePasswordCheck(c, input.email);

  const user = await findUserByEmail(db, input.email);
  const ok = user
    ? await verifyPassword(input.password, user.passwordHash)
    : await burnPasswordCheck(input.password);
  // A failure keeps its reserved attempts; a success gives them back and clears this device's count.
  if (!user || !ok) throw new ApiError(401, WRONG_CREDENTIALS);
  await succeeded();

  const token = await createSession(
    db,
    {
      userId: user.id,
      device: deviceLabel(c.req.header('user-agent')),
      checkedHash: user.passwordHash,
    },
    now(),
  );
  // The password was changed between its check and now: it is no longer the right one.
  if (!token) throw new ApiError(401, WRONG_CREDENTIALS);
  // After the session, which is made only over the hash just checked.
  if (needsRehash(user.passwordHash)) {
    await rehashPassword(db, user.id, user.passwordHash, await hashPassword(input.password));
  }
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

authRoutes.route('/', sessionRoutes);

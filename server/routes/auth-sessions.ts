/**
 * /api/auth, the owner's sessions: change the password (every other session ends), end one
 * session, end them all ('Sair de todos os aparelhos'), and the list. Decision 001.
 */
import { Hono } from 'hono';
import { changePasswordSchema } from '../../src/domain/schemas';
import { requireUser } from '../auth/middleware';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { ApiError, readJson } from '../http';
import {
  changePassword,
  endAllSessions,
  endSession,
  listSessions,
} from '../services/accounts/user-sessions';
import { findUserById } from '../services/accounts/users';
import type { AppEnv } from '../types';
import { reservePasswordCheck } from './login-attempts';

export const SESSION_ENDED = 'Sessão expirada. Entre novamente.';
/**
 * 400, not 401: the app reads any 401 as "this session is over" and signs the owner out, and a
 * mistyped current password must only say so.
 */
export const WRONG_CURRENT_PASSWORD = 'Senha atual incorreta';
export const SESSION_NOT_FOUND = 'Sessão não encontrada';

export const sessionRoutes = new Hono<AppEnv>();

sessionRoutes.post('/senha', requireUser, async (c) => {
  const { db, now } = c.var.deps;
  const input = await readJson(c, changePasswordSchema);
  const user = await findUserById(db, c.var.userId);
  if (!user) throw new ApiError(401, SESSION_ENDED);
  // A stolen session must not get unlimited guesses at the password it would change.
  const succeeded = await reservePasswordCheck(c, user.email);
  if (!(await verifyPassword(input.atual, user.passwordHash))) {
    throw new ApiError(400, WRONG_CURRENT_PASSWORD);
  }
  await succeeded();
  const result = await changePassword(db, {
    userId: c.var.userId,
    sessionId: c.var.sessionId,
    checkedHash: user.passwordHash,
    newHash: await hashPassword(input.nova),
    now: now(),
  });
  // Another change won meanwhile: the password checked is no longer the current one.
  if (result.kind === 'stale') throw new ApiError(400, WRONG_CURRENT_PASSWORD);
  if (result.kind === 'signed-out') throw new ApiError(401, SESSION_ENDED);
  return c.json({ message: 'Senha alterada', sessoesEncerradas: result.ended });
});

/** Every session of the owner ends, this one too: each phone must sign in again. */
sessionRoutes.post('/sair-de-todos', requireUser, async (c) => {
  const ended = await endAllSessions(c.var.deps.db, c.var.userId, c.var.deps.now());
  return c.json({ sessoesEncerradas: ended });
});

sessionRoutes.get('/sessoes', requireUser, async (c) => {
  const { db, now } = c.var.deps;
  return c.json(await listSessions(db, c.var.userId, c.var.sessionId, now()));
});

/** Another user's session, an ended one or a made-up id: the same 404. */
sessionRoutes.delete('/sessoes/:id', requireUser, async (c) => {
  const { db, now } = c.var.deps;
  if (!(await endSession(db, c.var.userId, c.req.param('id'), now()))) {
    throw new ApiError(404, SESSION_NOT_FOUND);
  }
  return c.body(null, 204);
});

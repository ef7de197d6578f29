/**
 * The counters a password check spends (decision 001): login's, and the password change's, which
 * checks the same password and so shares them (guesses through either count together).
 */
import type { Context } from 'hono';
import { clientAddress } from '../auth/client-address';
import {
  ACCOUNT_ADDRESS_LIMIT,
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  REGISTER_LIMIT,
} from '../auth/rate-limit';
import type { Spend } from '../body-caps';
import { ApiError } from '../http';
import type { AppEnv } from '../types';
import { limiterOf, reserveAttempt } from './attempts';

export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';

/**
 * Reserves one attempt on the account's counters before the password is checked (429 when one is
 * used up): a blocked account cannot be probed even with the right password, and simultaneous
 * guesses cannot all slip in before the first failure is counted. A failure keeps the
 * reservation; call the answer after a success to give it back and clear this device's count.
 */
export async function reservePasswordCheck(
  c: Context<AppEnv>,
  email: string,
): Promise<() => Promise<void>> {
  const address = clientAddress(c);
  const accountKey = `login:account:${email}`;
  const pairKey = `login:account-address:${email}|${address}`;
  const addressKey = `login:address:${address}`;
  await reserveAttempt(
    c,
    [
      [pairKey, ACCOUNT_ADDRESS_LIMIT],
      [accountKey, ACCOUNT_LIMIT],
      [addressKey, ADDRESS_LIMIT],
    ],
    TOO_MANY_ATTEMPTS,
  );
  return async () => {
    const { deps } = c.var;
    const limiter = limiterOf(deps);
    await limiter.reset(pairKey);
    await limiter.release(accountKey, deps.now());
    await limiter.release(addressKey, deps.now());
  };
}

/**
 * A body over /api/auth's cap (413, never read) still spends the address's attempt of the route it
 * was sent to, so oversized bodies cannot probe past the limit for free; at the limit the 413
 * stands (the next attempt meets the 429).
 */
export function authBodySpend(path: string): Spend | undefined {
  const key = path.startsWith('/api/auth/register')
    ? 'register'
    : path.startsWith('/api/auth/login') || path.startsWith('/api/auth/senha')
      ? 'login'
      : null;
  if (!key) return undefined;
  return key === 'register' ? spendRegister : spendLogin;
}

const spendOn =
  (prefix: string, limit: typeof ADDRESS_LIMIT): Spend =>
  async (c) => {
    try {
      await reserveAttempt(
        c,
        [[`${prefix}:address:${clientAddress(c)}`, limit]],
        TOO_MANY_ATTEMPTS,
      );
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 429)) throw error;
      c.header('Retry-After', undefined);
    }
  };
const spendLogin = spendOn('login', ADDRESS_LIMIT);
const spendRegister = spendOn('register', REGISTER_LIMIT);

/**
 * The attempt limits of the public routes (sign-up, login, storefront orders): one limiter per
 * app (its counters live in the app's database, shared by every process on it) and the 429.
 */
import type { Context } from 'hono';
import { type Limit, RateLimiter } from '../auth/rate-limit';
import { ApiError } from '../http';
import type { AppEnv, Services } from '../types';

const limiters = new WeakMap<Services, RateLimiter>();

export function limiterOf(deps: Services): RateLimiter {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = new RateLimiter(deps.db);
    limiters.set(deps, limiter);
  }
  return limiter;
}

/**
 * Reserves one attempt on every key before any work, or throws 429 with `message` (and
 * Retry-After) when one of them is used up. Reserving (not counting after the work) is what holds
 * the limit when many attempts arrive at once.
 */
export async function reserveAttempt(
  c: Context<AppEnv>,
  checks: Array<[string, Limit]>,
  message: string,
): Promise<void> {
  const wait = await limiterOf(c.var.deps).reserve(checks, c.var.deps.now());
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    throw new ApiError(429, message);
  }
}

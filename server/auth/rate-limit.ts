/** In-memory attempt counters (fixed windows) for login and sign-up, driven by an injected clock. */

export type Limit = { max: number; windowMs: number };

/** Failed logins per e-mail: slows a guesser to a handful of tries per quarter hour. */
export const ACCOUNT_LIMIT: Limit = { max: 10, windowMs: 15 * 60 * 1000 };
/** Failed logins per client address: covers one machine spraying many e-mails. */
export const ADDRESS_LIMIT: Limit = { max: 30, windowMs: 15 * 60 * 1000 };
/** Sign-ups per client address: each costs a memory-hard hash, so bound the CPU one client burns. */
export const REGISTER_LIMIT: Limit = { max: 100, windowMs: 15 * 60 * 1000 };

type Entry = { count: number; resetAt: number };

/** Above this many tracked keys, expired entries are swept and then the oldest dropped. */
const MAX_KEYS = 50_000;

/**
 * One instance per app. Counters live in this process: with several API processes each keeps its
 * own (the limit is then per process), which still bounds guessing; see docs/decisions/001.
 */
export class RateLimiter {
  private readonly entries = new Map<string, Entry>();

  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  retryAfter(key: string, limit: Limit, now: Date): number {
    const entry = this.entries.get(key);
    const t = now.getTime();
    if (!entry || t >= entry.resetAt || entry.count < limit.max) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - t) / 1000));
  }

  hit(key: string, limit: Limit, now: Date): void {
    const t = now.getTime();
    const entry = this.entries.get(key);
    if (!entry || t >= entry.resetAt) {
      this.entries.delete(key);
      this.entries.set(key, { count: 1, resetAt: t + limit.windowMs });
      this.prune(t);
      return;
    }
    entry.count += 1;
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private prune(t: number) {
    if (this.entries.size <= MAX_KEYS) return;
    for (const [key, entry] of this.entries) if (t >= entry.resetAt) this.entries.delete(key);
    // Still too many live keys (a flood of addresses): forget the oldest windows first.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= MAX_KEYS) break;
      this.entries.delete(key);
    }
  }
}

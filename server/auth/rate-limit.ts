/** In-memory attempt counters (fixed windows) for login and sign-up, driven by an injected clock. */

export type Limit = { max: number; windowMs: number };

/**
 * Failed logins per e-mail from one client address: a guesser gets a handful of tries per quarter
 * hour, and only from where they are — the owner's own phone keeps its own count.
 */
export const ACCOUNT_ADDRESS_LIMIT: Limit = { max: 10, windowMs: 15 * 60 * 1000 };
/**
 * Failed logins per e-mail from anywhere: the ceiling against many addresses guessing one account.
 * Higher than the per-address count, so one attacker cannot lock the owner out.
 */
export const ACCOUNT_LIMIT: Limit = { max: 100, windowMs: 15 * 60 * 1000 };
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

  /**
   * Takes one attempt from every key at once, before the expensive work: 0 when it was taken, or
   * the seconds to wait (nothing taken) when any key is used up. Check and count happen with no
   * await in between, so of any number of simultaneous attempts at most `max` get through.
   */
  reserve(checks: ReadonlyArray<readonly [string, Limit]>, now: Date): number {
    const wait = Math.max(0, ...checks.map(([key, limit]) => this.retryAfter(key, limit, now)));
    if (wait > 0) return wait;
    for (const [key, limit] of checks) this.hit(key, limit, now);
    return 0;
  }

  /** Gives back one reserved attempt (it turned out not to be a failure). */
  release(key: string, now: Date): void {
    const entry = this.entries.get(key);
    if (entry && now.getTime() < entry.resetAt && entry.count > 0) entry.count -= 1;
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

/** The attempt counter itself: blocks at the limit, tells how long to wait, forgets after the window. */
import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit';

const limit = { max: 3, windowMs: 60_000 };
const at = (ms: number) => new Date(Date.UTC(2026, 10, 20) + ms);

describe('RateLimiter', () => {
  it('allows max attempts in a window, then blocks with the seconds left', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('k', limit, at(i * 1000))).toBe(0);
      limiter.hit('k', limit, at(i * 1000));
    }
    expect(limiter.retryAfter('k', limit, at(10_000))).toBe(50);
    expect(limiter.retryAfter('other', limit, at(10_000))).toBe(0);
  });

  it('opens again when the window ends, with a fresh count', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.hit('k', limit, at(0));
    expect(limiter.retryAfter('k', limit, at(59_999))).toBe(1);
    expect(limiter.retryAfter('k', limit, at(60_000))).toBe(0);
    limiter.hit('k', limit, at(60_000));
    expect(limiter.retryAfter('k', limit, at(60_001))).toBe(0);
  });

  it('reset clears a key (a successful login)', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.hit('k', limit, at(0));
    limiter.reset('k');
    expect(limiter.retryAfter('k', limit, at(1))).toBe(0);
  });

  it('reserve takes one attempt from every key at once, or none when any key is used up', () => {
    const limiter = new RateLimiter();
    const small = { max: 2, windowMs: 60_000 };
    expect(
      limiter.reserve(
        [
          ['a', small],
          ['b', limit],
        ],
        at(0),
      ),
    ).toBe(0);
    expect(
      limiter.reserve(
        [
          ['a', small],
          ['b', limit],
        ],
        at(0),
      ),
    ).toBe(0);
    expect(
      limiter.reserve(
        [
          ['a', small],
          ['b', limit],
        ],
        at(1000),
      ),
    ).toBe(59);
    // 'b' was not charged for the refused attempt: one more still fits.
    expect(limiter.reserve([['b', limit]], at(1000))).toBe(0);
    expect(limiter.retryAfter('b', limit, at(1000))).toBe(59);
  });

  it('release gives an attempt back within the window', () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 3; i++) limiter.reserve([['k', limit]], at(0));
    limiter.release('k', at(5));
    expect(limiter.reserve([['k', limit]], at(6))).toBe(0);
    expect(limiter.reserve([['k', limit]], at(7))).toBeGreaterThan(0);
  });
});

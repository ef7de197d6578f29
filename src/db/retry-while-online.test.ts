/** Changes left waiting while online are retried later, but not against an expired session. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRetryScheduler } from './retry-while-online';

let replays: number;
let online: boolean;
const scheduler = () =>
  createRetryScheduler(
    () => replays++,
    () => online,
    1000,
  );

beforeEach(() => {
  vi.useFakeTimers();
  replays = 0;
  online = true;
});
afterEach(() => vi.useRealTimers());

describe('retrying while online', () => {
  it('asks for another replay when a pass ends with changes still waiting', () => {
    const s = scheduler();
    s.onMessage({ type: 'replay-done', size: 2 });
    s.onMessage({ type: 'replay-done', size: 2 });

    vi.advanceTimersByTime(1000);

    expect(replays).toBe(1);
  });

  it('does nothing once the queue is empty', () => {
    const s = scheduler();
    s.onMessage({ type: 'replay-done', size: 1 });
    s.onMessage({ type: 'replay-done', size: 0 });

    vi.advanceTimersByTime(5000);

    expect(replays).toBe(0);
  });

  it('waits for a sign-in instead of retrying against a 401', () => {
    const s = scheduler();
    s.onMessage({ type: 'auth-required', size: 1 });
    s.onMessage({ type: 'replay-done', size: 1 });
    vi.advanceTimersByTime(5000);
    expect(replays).toBe(0);

    s.signedIn();
    s.onMessage({ type: 'replay-done', size: 1 });
    vi.advanceTimersByTime(1000);
    expect(replays).toBe(1);
  });

  it('leaves it to the online event while offline', () => {
    online = false;
    const s = scheduler();
    s.onMessage({ type: 'queued', entity: 'product:1', size: 1 });

    vi.advanceTimersByTime(5000);

    expect(replays).toBe(0);
  });
});

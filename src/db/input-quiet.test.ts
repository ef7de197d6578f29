import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InputQuiet } from './input-quiet';

describe('background writes give way to typing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const tracked = (quiet: InputQuiet) => {
    const state = { done: false };
    void quiet.settled().then(() => {
      state.done = true;
    });
    return state;
  };

  it('goes on at once when the owner has not typed', async () => {
    const state = tracked(new InputQuiet(400, 3000, () => Date.now()));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.done).toBe(true);
  });

  it('waits until input has been quiet for a while, then goes on', async () => {
    const quiet = new InputQuiet(400, 3000, () => Date.now());
    quiet.noteInput();
    const state = tracked(quiet);
    await vi.advanceTimersByTimeAsync(300);
    expect(state.done).toBe(false);
    // Another keystroke: the wait starts again from it.
    quiet.noteInput();
    await vi.advanceTimersByTimeAsync(300);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(101);
    expect(state.done).toBe(true);
  });

  it('never holds the writes longer than its limit while the owner keeps typing', async () => {
    const quiet = new InputQuiet(400, 3000, () => Date.now());
    quiet.noteInput();
    const state = tracked(quiet);
    for (let t = 0; t < 2900; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      quiet.noteInput();
    }
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(state.done).toBe(true);
  });
});

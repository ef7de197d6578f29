/** The one-hour rule of a reply typed offline (issue 37), on a fake clock. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  assistantActive,
  REPLY_MAX_AGE_MS,
  replyAction,
  SENDING_STALE_MS,
} from './conversation-reply';

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/** A reply typed now, in `state`. */
const typedNow = (state: 'waiting' | 'sending' | 'held' | 'refused' = 'waiting') => ({
  createdAt: Date.now(),
  state,
  sendingSince: state === 'sending' ? Date.now() : undefined,
});

describe('a reply kept on the phone', () => {
  it('goes by itself while younger than an hour, and is held from the hour on', () => {
    const reply = typedNow();
    vi.advanceTimersByTime(59 * MINUTE);
    expect(replyAction(reply, Date.now())).toBe('send');
    vi.advanceTimersByTime(MINUTE - 1);
    expect(replyAction(reply, Date.now())).toBe('send');
    vi.advanceTimersByTime(1);
    expect(Date.now() - reply.createdAt).toBe(REPLY_MAX_AGE_MS);
    expect(replyAction(reply, Date.now())).toBe('hold');
    vi.advanceTimersByTime(5 * 60 * MINUTE);
    expect(replyAction(reply, Date.now())).toBe('hold');
  });

  it("goes whatever its age once the owner says 'Enviar mesmo assim'", () => {
    const reply = typedNow('held');
    vi.advanceTimersByTime(3 * 60 * MINUTE);
    expect(replyAction(reply, Date.now())).toBe('leave');
    expect(replyAction(reply, Date.now(), true)).toBe('send');
  });

  it('a refused reply waits for the owner, then goes again when asked', () => {
    const reply = typedNow('refused');
    expect(replyAction(reply, Date.now())).toBe('leave');
    expect(replyAction(reply, Date.now(), true)).toBe('send');
  });

  it('a send under way is left alone; one whose answer never came goes again later, by the same rule', () => {
    const reply = typedNow('sending');
    vi.advanceTimersByTime(SENDING_STALE_MS - 1);
    expect(replyAction(reply, Date.now())).toBe('leave');
    expect(replyAction(reply, Date.now(), true)).toBe('leave');
    vi.advanceTimersByTime(1);
    expect(replyAction(reply, Date.now())).toBe('send');
    vi.advanceTimersByTime(REPLY_MAX_AGE_MS);
    expect(replyAction(reply, Date.now())).toBe('hold');
  });
});

describe('the assistant in a chat', () => {
  it('is active unless off or paused until a later time', () => {
    const now = Date.now();
    const later = new Date(now + 30 * MINUTE).toISOString();
    const earlier = new Date(now - MINUTE).toISOString();
    expect(assistantActive({ assistantOff: 0, assistantPausedUntil: null }, now)).toBe(true);
    expect(assistantActive({ assistantOff: 0, assistantPausedUntil: later }, now)).toBe(false);
    expect(assistantActive({ assistantOff: 0, assistantPausedUntil: earlier }, now)).toBe(true);
    expect(assistantActive({ assistantOff: 1, assistantPausedUntil: null }, now)).toBe(false);
  });
});

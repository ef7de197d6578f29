import { describe, expect, it } from 'vitest';
import {
  instantToLocalDateTime,
  isInWindow,
  localDateTimeToInstant,
  nextOpening,
  parseLocalDateTime,
  parseSendWindow,
  windowClose,
  zonedDayBounds,
} from './zoned-time';

const SP = 'America/Sao_Paulo'; // UTC-3, no DST since 2019
const MANAUS = 'America/Manaus'; // UTC-4
const NY = 'America/New_York'; // DST

describe('local datetime ↔ instant', () => {
  it('reads the store wall clock', () => {
    expect(localDateTimeToInstant('2026-11-28T09:00', SP)?.toISOString()).toBe(
      '2026-11-28T12:00:00.000Z',
    );
    expect(localDateTimeToInstant('2026-11-28T09:00', MANAUS)?.toISOString()).toBe(
      '2026-11-28T13:00:00.000Z',
    );
    expect(instantToLocalDateTime(new Date('2026-11-28T12:00:00Z'), SP)).toBe('2026-11-28T09:00');
  });

  it('crosses DST correctly', () => {
    expect(localDateTimeToInstant('2026-07-01T09:00', NY)?.toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
    expect(localDateTimeToInstant('2026-01-15T09:00', NY)?.toISOString()).toBe(
      '2026-01-15T14:00:00.000Z',
    );
  });

  it('refuses what is not a real datetime', () => {
    expect(parseLocalDateTime('2026-02-30T10:00')).toBeNull();
    expect(parseLocalDateTime('2026-11-28 10:00')).toBeNull();
    expect(parseLocalDateTime('2026-11-28T24:00')).toBeNull();
    expect(parseLocalDateTime('amanhã')).toBeNull();
    expect(parseLocalDateTime('2026-11-28T10:00:30')).toMatchObject({ second: 30 });
  });
});

describe('the store day', () => {
  it('starts at local midnight, not UTC midnight', () => {
    // 01:30 UTC on the 24th is still the 23rd, 22:30, in São Paulo.
    const { start, end } = zonedDayBounds(new Date('2026-11-24T01:30:00Z'), SP);
    expect(start.toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-24T03:00:00.000Z');
  });
});

describe('send window', () => {
  const w = parseSendWindow('08:00-20:00');
  if (!w) throw new Error('window');

  it('parses and refuses malformed windows', () => {
    expect(w).toEqual({ start: 480, end: 1200 });
    expect(parseSendWindow('00:00-24:00')).toEqual({ start: 0, end: 1440 });
    expect(parseSendWindow('20:00-08:00')).toBeNull();
    expect(parseSendWindow('8:00-20:00')).toBeNull();
    expect(parseSendWindow('08:00-25:00')).toBeNull();
  });

  it('knows inside from outside in the store zone', () => {
    expect(isInWindow(new Date('2026-11-23T11:00:00Z'), w, SP)).toBe(true); // 08:00
    expect(isInWindow(new Date('2026-11-23T10:59:00Z'), w, SP)).toBe(false); // 07:59
    expect(isInWindow(new Date('2026-11-23T23:00:00Z'), w, SP)).toBe(false); // 20:00
    expect(isInWindow(new Date('2026-11-23T23:00:00Z'), { start: 0, end: 1440 }, SP)).toBe(true);
  });

  it('finds the next opening: today before it, tomorrow after it', () => {
    const early = new Date('2026-11-23T09:00:00Z'); // 06:00 local
    expect(nextOpening(early, w, SP).toISOString()).toBe('2026-11-23T11:00:00.000Z');
    const late = new Date('2026-11-24T00:30:00Z'); // 21:30 local on the 23rd
    expect(nextOpening(late, w, SP).toISOString()).toBe('2026-11-24T11:00:00.000Z');
    const inside = new Date('2026-11-23T15:00:00Z');
    expect(nextOpening(inside, w, SP)).toBe(inside);
  });

  it('closes at the end of the local window', () => {
    expect(windowClose(new Date('2026-11-23T15:00:00Z'), w, SP)?.toISOString()).toBe(
      '2026-11-23T23:00:00.000Z',
    );
    expect(windowClose(new Date(), { start: 0, end: 1440 }, SP)).toBeNull();
  });
});

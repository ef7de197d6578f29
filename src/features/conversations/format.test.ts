/** 'Pausar assistente' for a time (issue 37): the choices, the end sent as `ate`, the note. */
import { describe, expect, it } from 'vitest';
import { PAUSE_CHOICES, pausedNote, pauseEnd } from './format';

describe('the pause of the assistant', () => {
  it('offers 30 minutes, 1 hour, 4 hours or until given back', () => {
    expect(PAUSE_CHOICES.map((c) => [c.label, c.minutes])).toEqual([
      ['30 minutos', 30],
      ['1 hora', 60],
      ['4 horas', 240],
      ['Até eu devolver', null],
    ]);
  });

  it('ends the time after now (ISO), or never for until given back', () => {
    const now = Date.parse('2026-11-28T15:00:00Z');
    expect(pauseEnd(60, now)).toBe('2026-11-28T16:00:00.000Z');
    expect(pauseEnd(240, now)).toBe('2026-11-28T19:00:00.000Z');
    expect(pauseEnd(null, now)).toBeUndefined();
  });

  it('says until when', () => {
    expect(pausedNote(undefined)).toBe('Assistente pausado nesta conversa até você devolver.');
    expect(pausedNote('2026-11-28T16:00:00.000Z')).toMatch(
      /^Assistente pausado até \d\d:\d\d nesta conversa\.$/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { periodError, periodOfDays, presetDays, previousPeriod } from './period';

const TZ = 'America/Sao_Paulo';

describe("periods on the store's calendar", () => {
  // 02:30Z on 10 March is still 23:30 of the 9th in São Paulo.
  const now = Date.parse('2026-03-10T02:30:00Z');

  it('starts "hoje" at the store\'s midnight, not UTC\'s', () => {
    const days = presetDays('hoje', now, TZ);
    expect(days).toEqual({ de: '2026-03-09', ate: '2026-03-09' });
    const p = periodOfDays(days.de, days.ate, TZ);
    expect(new Date(p.start).toISOString()).toBe('2026-03-09T03:00:00.000Z');
    expect(new Date(p.end).toISOString()).toBe('2026-03-10T03:00:00.000Z');
  });

  it('names 7 dias, 30 dias, este mês and mês passado', () => {
    expect(presetDays('7dias', now, TZ)).toEqual({ de: '2026-03-03', ate: '2026-03-09' });
    expect(presetDays('30dias', now, TZ)).toEqual({ de: '2026-02-08', ate: '2026-03-09' });
    expect(presetDays('mes', now, TZ)).toEqual({ de: '2026-03-01', ate: '2026-03-09' });
    expect(presetDays('mes-passado', now, TZ)).toEqual({ de: '2026-02-01', ate: '2026-02-28' });
    const january = Date.parse('2026-01-15T12:00:00Z');
    expect(presetDays('mes-passado', january, TZ)).toEqual({ de: '2025-12-01', ate: '2025-12-31' });
  });

  it('compares a whole month with the month before and other periods with as many days', () => {
    const feb = previousPeriod(periodOfDays('2026-03-01', '2026-03-31', TZ), TZ);
    expect([feb.de, feb.ate]).toEqual(['2026-02-01', '2026-02-28']);
    const week = previousPeriod(periodOfDays('2026-03-03', '2026-03-09', TZ), TZ);
    expect([week.de, week.ate]).toEqual(['2026-02-24', '2026-03-02']);
  });

  it('refuses bad custom days in Portuguese', () => {
    expect(periodError('2026-02-30', '2026-03-01')).toBe(
      'Data de início inválida: use AAAA-MM-DD.',
    );
    expect(periodError('2026-03-01', 'ontem')).toBe('Data de fim inválida: use AAAA-MM-DD.');
    expect(periodError('2026-03-02', '2026-03-01')).toBe(
      'A data de fim deve ser igual ou posterior à de início.',
    );
    expect(periodError('2024-01-01', '2026-01-01')).toBe('O período pode ter no máximo 366 dias.');
    expect(periodError(undefined, '2026-01-01')).toMatch(/Informe/);
    expect(periodError('2026-03-01', '2026-03-01')).toBeNull();
  });
});

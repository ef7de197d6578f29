import { describe, expect, it } from 'vitest';
import {
  type BusinessHours,
  businessHoursSchema,
  defaultBusinessHours,
  formatDayHours,
  isOpenAt,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from './hours';

describe('defaultBusinessHours (spec §9)', () => {
  it('opens every day 08:00–18:00, except Sunday closed and Saturday 08:00–12:00', () => {
    expect(defaultBusinessHours()).toEqual({
      domingo: { enabled: false, start: '08:00', end: '18:00' },
      segunda: { enabled: true, start: '08:00', end: '18:00' },
      terca: { enabled: true, start: '08:00', end: '18:00' },
      quarta: { enabled: true, start: '08:00', end: '18:00' },
      quinta: { enabled: true, start: '08:00', end: '18:00' },
      sexta: { enabled: true, start: '08:00', end: '18:00' },
      sabado: { enabled: true, start: '08:00', end: '12:00' },
    });
  });

  it('returns a fresh copy each time, so editing a form never changes the default', () => {
    const edited = defaultBusinessHours();
    edited.segunda.enabled = false;
    expect(defaultBusinessHours().segunda.enabled).toBe(true);
  });

  it('has the seven weekday keys of spec §3 in order, each with a label', () => {
    expect(Object.keys(defaultBusinessHours())).toEqual([...WEEKDAYS]);
    expect(WEEKDAYS.map((d) => WEEKDAY_LABELS[d])).toEqual([
      'Domingo',
      'Segunda-feira',
      'Terça-feira',
      'Quarta-feira',
      'Quinta-feira',
      'Sexta-feira',
      'Sábado',
    ]);
  });
});

describe('businessHoursSchema', () => {
  const first = (value: unknown) => {
    const parsed = businessHoursSchema.safeParse(value);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('accepts the default and edited hours', () => {
    expect(first(defaultBusinessHours())).toBeNull();
    expect(
      first({
        ...defaultBusinessHours(),
        domingo: { enabled: true, start: '00:00', end: '23:59' },
      }),
    ).toBeNull();
  });

  it('needs enabled, start and end on each day (spec §5)', () => {
    const hours = defaultBusinessHours();
    expect(first({ ...hours, segunda: { start: '08:00', end: '18:00' } })).toBe(
      'Informe se o dia está aberto',
    );
    expect(first({ ...hours, segunda: { enabled: true, end: '18:00' } })).toBe(
      'Horário é obrigatório',
    );
    expect(first({ ...hours, segunda: { enabled: true, start: '24:00', end: '18:00' } })).toBe(
      'Horário inválido (use HH:MM)',
    );
    expect(first({ ...hours, segunda: { enabled: true, start: '8:00', end: '18:00' } })).toBe(
      'Horário inválido (use HH:MM)',
    );
  });

  it('rejects a missing day and a non-object', () => {
    const { sabado: _dropped, ...sixDays } = defaultBusinessHours();
    expect(first(sixDays)).not.toBeNull();
    expect(first('08:00-18:00')).toBe('Horário de funcionamento inválido');
  });
});

describe('hours past midnight and equal times (issue 14)', () => {
  const week = (patch: Partial<BusinessHours>): BusinessHours => ({
    ...defaultBusinessHours(),
    ...patch,
  });

  it('refuses an open day whose opening equals its closing, with the day in the message', () => {
    const r = businessHoursSchema.safeParse(
      week({ quarta: { enabled: true, start: '09:00', end: '09:00' } }),
    );
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(
      'Quarta-feira: a abertura e o fechamento não podem ser no mesmo horário',
    );
  });

  it('accepts equal times on a closed day (the times are not used)', () => {
    const r = businessHoursSchema.safeParse(
      week({ domingo: { enabled: false, start: '08:00', end: '08:00' } }),
    );
    expect(r.success).toBe(true);
  });

  it('accepts closing before opening as closing after midnight', () => {
    const sexta = { enabled: true, start: '18:00', end: '02:00' };
    expect(businessHoursSchema.safeParse(week({ sexta })).success).toBe(true);
    expect(formatDayHours(sexta)).toBe('18:00 – 02:00 (dia seguinte)');
    expect(formatDayHours({ enabled: true, start: '08:00', end: '18:00' })).toBe('08:00 – 18:00');
  });

  it('is open from the opening to midnight and on the next day until the closing', () => {
    const w = week({
      sexta: { enabled: true, start: '18:00', end: '02:00' },
      sabado: { enabled: false, start: '08:00', end: '12:00' },
    });
    expect(isOpenAt(w, 'sexta', '17:59')).toBe(false);
    expect(isOpenAt(w, 'sexta', '18:00')).toBe(true);
    expect(isOpenAt(w, 'sexta', '23:59')).toBe(true);
    expect(isOpenAt(w, 'sabado', '00:00')).toBe(true);
    expect(isOpenAt(w, 'sabado', '01:59')).toBe(true);
    expect(isOpenAt(w, 'sabado', '02:00')).toBe(false);
    // Friday's early hours belong to Thursday's span, which closes at 18:00 the same day.
    expect(isOpenAt(w, 'sexta', '01:00')).toBe(false);
  });

  it('keeps the same-day rule: open from the opening, closed at the closing', () => {
    const w = defaultBusinessHours();
    expect(isOpenAt(w, 'segunda', '07:59')).toBe(false);
    expect(isOpenAt(w, 'segunda', '08:00')).toBe(true);
    expect(isOpenAt(w, 'segunda', '17:59')).toBe(true);
    expect(isOpenAt(w, 'segunda', '18:00')).toBe(false);
    expect(isOpenAt(w, 'domingo', '10:00')).toBe(false);
  });

  it('wraps from Saturday night into Sunday', () => {
    const w = week({ sabado: { enabled: true, start: '20:00', end: '03:00' } });
    expect(isOpenAt(w, 'domingo', '02:30')).toBe(true);
    expect(isOpenAt(w, 'domingo', '03:00')).toBe(false);
  });
});

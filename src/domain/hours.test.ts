import { describe, expect, it } from 'vitest';
import { businessHoursSchema, defaultBusinessHours, WEEKDAY_LABELS, WEEKDAYS } from './hours';

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

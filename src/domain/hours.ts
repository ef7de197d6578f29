/** Business hours: the weekly shape of spec §3, the default of spec §9, spans past midnight. */
import { z } from 'zod';
import { keysOf } from './choices';

/** The days of the week as the screens name them, Sunday first. */
export const WEEKDAY_LABELS = {
  domingo: 'Domingo',
  segunda: 'Segunda-feira',
  terca: 'Terça-feira',
  quarta: 'Quarta-feira',
  quinta: 'Quinta-feira',
  sexta: 'Sexta-feira',
  sabado: 'Sábado',
} as const;
export const WEEKDAYS = keysOf(WEEKDAY_LABELS);
export type Weekday = (typeof WEEKDAYS)[number];

const time = z
  .string({ error: 'Horário é obrigatório' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Horário inválido (use HH:MM)');

// A missing or non-object day would otherwise get zod's generic "recebeu undefined".
export const dayHoursSchema = z.object(
  {
    enabled: z.boolean({ error: 'Informe se o dia está aberto' }),
    start: time,
    end: time,
  },
  { error: 'Horário de funcionamento inválido' },
);

export const businessHoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<
      Weekday,
      typeof dayHoursSchema
    >,
    { error: 'Horário de funcionamento inválido' },
  )
  .superRefine((week, ctx) => {
    const problem = hoursProblem(week);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.day] });
  });

export type DayHours = z.infer<typeof dayHoursSchema>;
export type BusinessHours = z.infer<typeof businessHoursSchema>;

export function defaultBusinessHours(): BusinessHours {
  const weekday = { enabled: true, start: '08:00', end: '18:00' };
  return {
    domingo: { enabled: false, start: '08:00', end: '18:00' },
    segunda: { ...weekday },
    terca: { ...weekday },
    quarta: { ...weekday },
    quinta: { ...weekday },
    sexta: { ...weekday },
    sabado: { enabled: true, start: '08:00', end: '12:00' },
  };
}

/** An open day whose closing equals its opening: neither closed nor 24 hours, so refused. */
export const sameTimeMessage = (day: Weekday) =>
  `${WEEKDAY_LABELS[day]}: a abertura e o fechamento não podem ser no mesmo horário`;

/** The first open day with the same opening and closing time, or null. */
export function hoursProblem(
  week: Record<Weekday, DayHours>,
): { day: Weekday; message: string } | null {
  for (const day of WEEKDAYS) {
    const h = week[day];
    if (h.enabled && h.start === h.end) return { day, message: sameTimeMessage(day) };
  }
  return null;
}

/** Closing before opening: the store closes after midnight ('18:00' to '02:00'). */
export const closesNextDay = (h: DayHours): boolean => h.end < h.start;

/** '08:00 – 18:00', or '18:00 – 02:00 (dia seguinte)' for a span past midnight. */
export function formatDayHours(h: DayHours): string {
  return `${h.start} – ${h.end}${closesNextDay(h) ? ' (dia seguinte)' : ''}`;
}

export function previousDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7] ?? 'sabado';
}

/**
 * Is the store open on `day` at `time` ('HH:MM', its own clock)? Today's span counts from its
 * opening (to midnight when it closes the next day), and yesterday's span past midnight counts
 * until its closing: Friday 18:00–02:00 is open on Saturday at 01:30.
 */
export function isOpenAt(week: BusinessHours, day: Weekday, time: string): boolean {
  const today = week[day];
  if (today.enabled && today.start !== today.end) {
    if (closesNextDay(today) ? time >= today.start : time >= today.start && time < today.end) {
      return true;
    }
  }
  const yesterday = week[previousDay(day)];
  return yesterday.enabled && closesNextDay(yesterday) && time < yesterday.end;
}

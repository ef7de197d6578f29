/** Business hours: the weekly shape of spec §3 and the default of spec §9. */
import { z } from 'zod';

export const WEEKDAYS = [
  'domingo',
  'segunda',
  'terca',
  'quarta',
  'quinta',
  'sexta',
  'sabado',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  domingo: 'Domingo',
  segunda: 'Segunda-feira',
  terca: 'Terça-feira',
  quarta: 'Quarta-feira',
  quinta: 'Quinta-feira',
  sexta: 'Sexta-feira',
  sabado: 'Sábado',
};

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

export const businessHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((d) => [d, dayHoursSchema])) as Record<
    Weekday,
    typeof dayHoursSchema
  >,
  { error: 'Horário de funcionamento inválido' },
);

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

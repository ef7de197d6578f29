/**
 * A report's period on the store's calendar (issue 41): days 'YYYY-MM-DD' from `de` to `ate`
 * (both included), whose instants run from the store's midnight of `de` to its midnight after
 * `ate`; and the period before, of the same number of days, for the comparison.
 */
import { zonedParts, zonedToInstant } from '../zoned-time';

export const PERIOD_LABELS = {
  hoje: 'Hoje',
  '7dias': '7 dias',
  '30dias': '30 dias',
  mes: 'Este mês',
  'mes-passado': 'Mês passado',
  custom: 'Personalizado',
} as const;
export type PeriodKey = keyof typeof PERIOD_LABELS;
export const PERIOD_KEYS = Object.keys(PERIOD_LABELS) as PeriodKey[];

/** A period: its days (local, inclusive) and its instants [start, end) in epoch ms. */
export type Period = { de: string; ate: string; start: number; end: number };

/** The longest period a report covers: a year and a day (a leap year's). */
export const MAX_PERIOD_DAYS = 366;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');
const fromUtc = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** 'YYYY-MM-DD' when `text` is a real calendar day (2000–2100), else null. */
export function parseDay(text: string): string | null {
  const m = DAY.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (y < 2000 || y > 2100 || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    return null;
  }
  return fromUtc(check);
}

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return fromUtc(new Date(Date.UTC(y, m - 1, d + n)));
}

/** Calendar days from `a` to `b` (b − a). */
export function daysBetween(a: string, b: string): number {
  const ms = (day: string) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(b) - ms(a)) / 86_400_000);
}

/** The instant of the store's midnight starting `day`. */
export function dayStart(day: string, timeZone: string): number {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return zonedToInstant({ year, month, day: d, hour: 0, minute: 0, second: 0 }, timeZone).getTime();
}

/** The store's calendar day of `instant`. */
export function localDay(instant: number, timeZone: string): string {
  const p = zonedParts(new Date(instant), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The period of days `de`..`ate` (inclusive) in the store's zone. */
export function periodOfDays(de: string, ate: string, timeZone: string): Period {
  return { de, ate, start: dayStart(de, timeZone), end: dayStart(addDays(ate, 1), timeZone) };
}

/** Why custom days are refused, in Portuguese; null when they make a period. */
export function periodError(de: string | undefined, ate: string | undefined): string | null {
  if (!de || !ate) return 'Informe as datas de início e fim (de e ate, AAAA-MM-DD).';
  const a = parseDay(de);
  const b = parseDay(ate);
  if (!a) return 'Data de início inválida: use AAAA-MM-DD.';
  if (!b) return 'Data de fim inválida: use AAAA-MM-DD.';
  if (b < a) return 'A data de fim deve ser igual ou posterior à de início.';
  if (daysBetween(a, b) + 1 > MAX_PERIOD_DAYS) return 'O período pode ter no máximo 366 dias.';
  return null;
}

/**
 * The period a preset names, as the store's calendar reads `now`: 'hoje' is today, '7dias' and
 * '30dias' end today, 'mes' runs from the 1st to today, 'mes-passado' is last month's whole.
 */
export function presetDays(key: Exclude<PeriodKey, 'custom'>, now: number, timeZone: string) {
  const today = localDay(now, timeZone);
  const first = `${today.slice(0, 8)}01`;
  switch (key) {
    case 'hoje':
      return { de: today, ate: today };
    case '7dias':
      return { de: addDays(today, -6), ate: today };
    case '30dias':
      return { de: addDays(today, -29), ate: today };
    case 'mes':
      return { de: first, ate: today };
    case 'mes-passado': {
      const lastDay = addDays(first, -1);
      return { de: `${lastDay.slice(0, 8)}01`, ate: lastDay };
    }
  }
}

/** The period just before `p`, of as many days (last month for a whole month). */
export function previousPeriod(p: Period, timeZone: string): Period {
  const whole =
    p.de.endsWith('-01') &&
    addDays(p.ate, 1).endsWith('-01') &&
    p.de.slice(0, 7) === p.ate.slice(0, 7);
  if (whole) {
    const ate = addDays(p.de, -1);
    return periodOfDays(`${ate.slice(0, 8)}01`, ate, timeZone);
  }
  const length = daysBetween(p.de, p.ate) + 1;
  return periodOfDays(addDays(p.de, -length), addDays(p.de, -1), timeZone);
}

/** Every day of the period, in order. */
export function daysOf(p: Pick<Period, 'de' | 'ate'>): string[] {
  const out: string[] = [];
  for (let d = p.de; d <= p.ate; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Opening hours as sentences, in the store's own time zone. */
import {
  type BusinessHours,
  closesNextDay,
  type DayHours,
  isOpenAt,
  previousDay,
  WEEKDAYS,
  type Weekday,
} from '../../../src/domain/hours';

/** Monday first, as Brazilians read a week. */
const WEEK_ORDER: Weekday[] = [
  'segunda',
  'terca',
  'quarta',
  'quinta',
  'sexta',
  'sabado',
  'domingo',
];

export const DAY_NAMES: Record<Weekday, string> = {
  domingo: 'domingo',
  segunda: 'segunda-feira',
  terca: 'terça-feira',
  quarta: 'quarta-feira',
  quinta: 'quinta-feira',
  sexta: 'sexta-feira',
  sabado: 'sábado',
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Weekday and "HH:MM" of `now` on the store's wall clock. */
export function storeClock(now: Date, timeZone: string): { day: Weekday; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    // An unknown zone in old data: Brazil's most common one is the best guess.
    return storeClock(now, 'America/Sao_Paulo');
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const index = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return {
    day: WEEKDAYS[Math.max(index, 0)] ?? 'domingo',
    time: `${get('hour')}:${get('minute')}`,
  };
}

export function nextDay(day: Weekday): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + 1) % 7] ?? 'domingo';
}

/** Closing before opening means after midnight (src/domain/hours.ts): say so. */
const nextDayNote = (h: DayHours) => (closesNextDay(h) ? ' (dia seguinte)' : '');

const span = (h: DayHours) => `das ${h.start} às ${h.end}${nextDayNote(h)}`;

/** "No sábado abrimos das 08:00 às 12:00." / "No domingo estamos fechados." */
export function dayHoursSentence(hours: BusinessHours, day: Weekday, label?: string): string {
  const h = hours[day];
  const article = day === 'sabado' || day === 'domingo' ? 'No' : 'Na';
  const who = label ?? `${article} ${DAY_NAMES[day]}`;
  return h.enabled ? `${who} abrimos ${span(h)}.` : `${who} estamos fechados.`;
}

/** Is the store open at this moment (its own clock)? Spans past midnight count (domain/hours). */
export function isOpenNow(hours: BusinessHours, now: Date, timeZone: string): boolean {
  const { day, time } = storeClock(now, timeZone);
  return isOpenAt(hours, day, time);
}

/** The week, consecutive equal days grouped: "Segunda-feira a sexta-feira: 08:00 às 18:00". */
export function weekLines(hours: BusinessHours): string[] {
  const lines: string[] = [];
  let i = 0;
  while (i < WEEK_ORDER.length) {
    const first = WEEK_ORDER[i] as Weekday;
    const key = (d: Weekday) => (hours[d].enabled ? `${hours[d].start}-${hours[d].end}` : 'x');
    let j = i;
    while (j + 1 < WEEK_ORDER.length && key(WEEK_ORDER[j + 1] as Weekday) === key(first)) j++;
    const last = WEEK_ORDER[j] as Weekday;
    const days =
      i === j
        ? capitalize(DAY_NAMES[first])
        : `${capitalize(DAY_NAMES[first])} a ${DAY_NAMES[last]}`;
    const h = hours[first];
    lines.push(`${days}: ${h.enabled ? `${h.start} às ${h.end}${nextDayNote(h)}` : 'fechado'}`);
    i = j + 1;
  }
  return lines;
}

/** Today's hours (and whether open right now), then the whole week. */
export function hoursAnswer(hours: BusinessHours, now: Date, timeZone: string): string {
  const { day, time } = storeClock(now, timeZone);
  const today = hours[day];
  const yesterday = hours[previousDay(day)];
  const open = isOpenAt(hours, day, time);
  // In the early hours, open because yesterday's span runs past midnight: say until when.
  const lateFromYesterday =
    open && yesterday.enabled && closesNextDay(yesterday) && time < yesterday.end;
  const todayText = lateFromYesterday
    ? `Estamos abertos agora, até as ${yesterday.end}.${today.enabled ? ` Hoje (${DAY_NAMES[day]}) abrimos ${span(today)}.` : ''}`
    : today.enabled
      ? `Hoje (${DAY_NAMES[day]}) abrimos ${span(today)}${open ? ' e estamos abertos agora' : ''}.`
      : `Hoje (${DAY_NAMES[day]}) estamos fechados.`;
  return `${todayText}\n\nNosso horário de funcionamento:\n${weekLines(hours).join('\n')}`;
}

/** Wall-clock time in a store's IANA time zone: local datetimes ↔ instants, day bounds, send windows. */

export type ZonedParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** A zone the runtime knows, else Brazil's most common one (old data, typos). */
export function safeTimeZone(timeZone: string): string {
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return 'America/Sao_Paulo';
  }
}

/** The wall-clock fields of `instant` in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const parts = formatter(safeTimeZone(timeZone)).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

const asUtc = (p: ZonedParts) => Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);

/** The instant whose wall clock in `timeZone` reads `p` (a skipped DST hour moves forward). */
export function zonedToInstant(p: ZonedParts, timeZone: string): Date {
  const wanted = asUtc(p);
  let guess = wanted;
  // Two corrections reach the right offset on either side of a DST change.
  for (let i = 0; i < 2; i++) {
    const offset = asUtc(zonedParts(new Date(guess), timeZone)) - guess;
    guess = wanted - offset;
  }
  return new Date(guess);
}

const LOCAL_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** 'YYYY-MM-DDTHH:MM' (what datetime-local gives) → its fields, or null when not a real date. */
export function parseLocalDateTime(text: string): ZonedParts | null {
  const m = LOCAL_DATETIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const check = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (
    year < 2000 ||
    year > 2100 ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  return { year, month, day, hour, minute, second };
}

/** A local datetime in the store's zone → the instant; null when the text is not a datetime. */
export function localDateTimeToInstant(text: string, timeZone: string): Date | null {
  const parts = parseLocalDateTime(text);
  return parts ? zonedToInstant(parts, timeZone) : null;
}

/** 'YYYY-MM-DDTHH:MM' of `instant` on the store's wall clock. */
export function instantToLocalDateTime(instant: Date, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** Start (inclusive) and end (exclusive) of the store's calendar day containing `instant`. */
export function zonedDayBounds(instant: Date, timeZone: string): { start: Date; end: Date } {
  const p = zonedParts(instant, timeZone);
  const start = zonedToInstant({ ...p, hour: 0, minute: 0, second: 0 }, timeZone);
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  const end = zonedToInstant(
    {
      year: next.getUTCFullYear(),
      month: next.getUTCMonth() + 1,
      day: next.getUTCDate(),
      hour: 0,
      minute: 0,
      second: 0,
    },
    timeZone,
  );
  return { start, end };
}

/** Daily sending window in minutes since local midnight: [start, end). */
export type SendWindow = { start: number; end: number };

const WINDOW = /^([01]\d|2[0-4]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/** 'HH:MM-HH:MM' → the window; '00:00-24:00' is always open; null when malformed or empty. */
export function parseSendWindow(text: string): SendWindow | null {
  const m = WINDOW.exec(text.trim());
  if (!m) return null;
  const start = Number(m[1]) * 60 + Number(m[2]);
  const end = Number(m[3]) * 60 + Number(m[4]);
  if (start > 24 * 60 || end > 24 * 60 || start >= end) return null;
  return { start, end };
}

export const isAlwaysOpen = (w: SendWindow) => w.start === 0 && w.end === 24 * 60;

function minuteOfDay(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  return p.hour * 60 + p.minute + p.second / 60;
}

export function isInWindow(instant: Date, w: SendWindow, timeZone: string): boolean {
  if (isAlwaysOpen(w)) return true;
  const m = minuteOfDay(instant, timeZone);
  return m >= w.start && m < w.end;
}

/** The local day's instant at `minutes` after its midnight (24:00 = next midnight). */
function atMinute(dayOf: Date, minutes: number, timeZone: string, addDays = 0): Date {
  const p = zonedParts(dayOf, timeZone);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + addDays));
  return zonedToInstant(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: Math.floor(minutes / 60),
      minute: minutes % 60,
      second: 0,
    },
    timeZone,
  );
}

/** `instant` itself when inside the window, else the window's next opening. */
export function nextOpening(instant: Date, w: SendWindow, timeZone: string): Date {
  if (isInWindow(instant, w, timeZone)) return instant;
  const m = minuteOfDay(instant, timeZone);
  return m < w.start
    ? atMinute(instant, w.start, timeZone)
    : atMinute(instant, w.start, timeZone, 1);
}

/** When the window that contains `instant` closes (null when always open). */
export function windowClose(instant: Date, w: SendWindow, timeZone: string): Date | null {
  if (isAlwaysOpen(w)) return null;
  return w.end === 24 * 60 ? atMinute(instant, 0, timeZone, 1) : atMinute(instant, w.end, timeZone);
}

/** How the reports write their numbers (pt-BR) and build each section's CSV rows. */
import { csvFile } from '~/domain/csv-text';
import { madeOnUse } from '~/domain/made-on-use';
import { formatBRL, fromCents } from '~/domain/money';
import { change } from '~/domain/reports/sales';

export const money = (cents: number) => formatBRL(fromCents(cents));
const pct = madeOnUse(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }));
export const percent = (n: number | null) => (n === null ? '—' : `${pct().format(n)}%`);
export const times = (n: number | null) => (n === null ? '—' : `${pct().format(n)}×`);

/** 'DD/MM' of a 'YYYY-MM-DD' day; with the year for 'DD/MM/AAAA'. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
export const longDay = (day: string) => `${shortDay(day)}/${day.slice(0, 4)}`;

/**
 * The page's subtitle, two lines at 390 px like the first screen's: '22/11 a 28/11/2026,
 * comparados a 15/11–21/11' (the years written where they differ from the period's end).
 */
export function periodLine(now: { de: string; ate: string }, before: { de: string; ate: string }) {
  const year = now.ate.slice(0, 4);
  const day = (d: string) => (d.slice(0, 4) === year ? shortDay(d) : longDay(d));
  return `${day(now.de)} a ${longDay(now.ate)}, comparados a ${day(before.de)}–${day(before.ate)}`;
}

/** '+12,5% vs. período anterior' (or nothing to compare with). */
export function delta(now: number, before: number): { text: string; up: boolean | null } {
  const c = change(now, before);
  if (c === null) return { text: 'sem comparação', up: null };
  const sign = c > 0 ? '+' : '';
  return { text: `${sign}${pct().format(c)}% vs. período anterior`, up: c === 0 ? null : c > 0 };
}

/** Money in a CSV cell as Excel-BR reads a number: '1234,50'. */
export const csvMoney = (cents: number) => fromCents(cents).replace('.', ',');

/** Saves `rows` as a CSV file for Excel-BR (';', BOM, neutralised cells). */
export function downloadCsv(fileName: string, rows: string[][]): void {
  const blob = new Blob([csvFile(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

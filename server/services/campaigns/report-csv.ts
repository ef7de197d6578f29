/**
 * The delivery report as a CSV that opens right in Excel set to Brazilian Portuguese: `;`
 * separators, a UTF-8 BOM, CRLF lines, RFC 4180 quoting, and cells a spreadsheet would run as
 * a formula (starting with = + - @) neutralised with a leading apostrophe.
 */
import { eq } from 'drizzle-orm';
import { csvCell } from '../../../src/domain/csv-text';
import { formatPhone } from '../../../src/domain/phone';
import { recipientStatusText } from '../../../src/domain/recipient-status';
import { safeTimeZone, zonedParts } from '../../../src/domain/zoned-time';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { type Base, campaignReport } from './repo';

export const CSV_HEADER = ['Nome', 'Telefone', 'Situação', 'Data', 'Motivo'];

type CsvRecipient = {
  name: string;
  phone: string;
  status: string;
  at: string | null;
  error: string | null;
};

/** One cell: neutralised, then quoted when it holds the separator (shared with the page). */
export { csvCell };

/** 'DD/MM/AAAA HH:MM' on the store's clock. */
export function localTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const p = zonedParts(new Date(iso), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${p.year} ${two(p.hour)}:${two(p.minute)}`;
}

export function reportCsv(recipients: CsvRecipient[], timeZone: string): string {
  const zone = safeTimeZone(timeZone);
  const lines = [
    CSV_HEADER,
    ...recipients.map((r) => [
      r.name,
      formatPhone(r.phone),
      recipientStatusText(r.status),
      localTime(r.at, zone),
      r.error ?? '',
    ]),
  ].map((cells) => cells.map(csvCell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** A file name from the campaign's title: letters, digits and dashes only. */
export function reportFileName(titulo: string): string {
  const slug = titulo
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `relatorio-${slug || 'campanha'}.csv`;
}

/** The caller's store's campaign report as `{ fileName, csv }` (404 for another store's). */
export async function campaignReportCsv(db: Db, storeId: string, id: string, base: Base) {
  const report = await campaignReport(db, storeId, id, base);
  const [store] = await db
    .select({ timezone: stores.timezone })
    .from(stores)
    .where(eq(stores.id, storeId));
  return {
    fileName: reportFileName(report.campaign.titulo),
    csv: reportCsv(report.recipients, store?.timezone ?? 'America/Sao_Paulo'),
  };
}

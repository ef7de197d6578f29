/**
 * Customer spreadsheets (issue 22), read on the device: columns nome, telefone, etiquetas
 * (comma-separated), in the Brazilian forms (`;`, BOM, Latin-1: decodeCsvBytes). Each line is
 * checked by the customer rules; the phone goes through the one phone function, and a number
 * repeated in the file is one customer (the later line is listed, not imported).
 */
import { readSheetWith } from './csv-sheet';
import { cleanCell } from './csv-text';
import { customerSchema } from './customer';
import { LABEL_NAME_MAX, labelNameKey } from './label';
import type { CsvLineError } from './product';

export { decodeCsvBytes } from './csv-text';

/** Most customer lines per import. */
export const MAX_CUSTOMER_ROWS = 50_000;

export type CustomerCsvRow = {
  line: number;
  name: string;
  /** National digits ("11987654321"). */
  phone: string;
  /** Label names as written (trimmed, each once by labelNameKey). */
  labels: string[];
};

export type CustomerCsvResult = {
  rows: CustomerCsvRow[];
  errors: CsvLineError[];
  /** Later lines with a number an earlier line has: one customer per phone. */
  duplicates: { line: number; phone: string; firstLine: number }[];
  tooManyRows: boolean;
};

type Column = 'name' | 'phone' | 'labels';

const ALIASES: Record<string, Column> = {
  nome: 'name',
  name: 'name',
  cliente: 'name',
  telefone: 'phone',
  celular: 'phone',
  whatsapp: 'phone',
  phone: 'phone',
  fone: 'phone',
  etiquetas: 'labels',
  etiqueta: 'labels',
  labels: 'labels',
  tags: 'labels',
};

const phoneRule = customerSchema.shape.phone;
const nameRule = customerSchema.shape.name;

/** 'VIP, Atacado' → ['VIP', 'Atacado'] (each once, case aside), or the line's problem. */
function splitLabels(cell: string): string[] | string {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of cell.split(',')) {
    const name = raw.trim();
    if (!name) continue;
    if (name.length > LABEL_NAME_MAX) return `Etiqueta com mais de ${LABEL_NAME_MAX} caracteres`;
    const key = labelNameKey(name);
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

export function parseCustomerCsv(text: string, maxRows = MAX_CUSTOMER_ROWS): CustomerCsvResult {
  const result: CustomerCsvResult = { rows: [], errors: [], duplicates: [], tooManyRows: false };
  const sheet = readSheetWith(text, ALIASES, maxRows, ['name', 'phone']);
  if ('problem' in sheet) {
    result.errors.push(sheet.problem);
    return result;
  }
  const { name: nameAt = 0, phone: phoneAt = 0, labels: labelsAt } = sheet.columns;
  result.tooManyRows = sheet.tooManyRows;
  const firstLineByPhone = new Map<string, number>();
  for (const { line, cells } of sheet.rows) {
    const fail = (message: string) =>
      result.errors.push({ line, message: `Linha ${line}: ${message}` });
    const name = nameRule.safeParse(cleanCell(cells[nameAt], true));
    if (!name.success) {
      fail(name.error.issues[0]?.message ?? 'Nome inválido');
      continue;
    }
    const phone = phoneRule.safeParse(cleanCell(cells[phoneAt], true));
    if (!phone.success) {
      fail(phone.error.issues[0]?.message ?? 'Telefone inválido');
      continue;
    }
    const labels = labelsAt === undefined ? [] : splitLabels(cleanCell(cells[labelsAt], true));
    if (typeof labels === 'string') {
      fail(labels);
      continue;
    }
    const firstLine = firstLineByPhone.get(phone.data);
    if (firstLine !== undefined) {
      result.duplicates.push({ line, phone: phone.data, firstLine });
      continue;
    }
    firstLineByPhone.set(phone.data, line);
    result.rows.push({ line, name: name.data, phone: phone.data, labels });
  }
  return result;
}

/** Product CSV rules shared by the device (Web Worker) and the server: decode, parse, validate, export. */
import Papa from 'papaparse';
import { readSheetWith } from './csv-sheet';
import { cleanCell, neutralizeCell } from './csv-text';
import { PRICE_PATTERN, parseLoosePrice } from './money';
import { productSchema } from './schemas';
import { searchKey } from './text';

export { decodeCsvBytes, neutralizeCell } from './csv-text';

/** Largest CSV text accepted (characters) and most product lines per import. */
export const MAX_CSV_CHARS = 5 * 1024 * 1024;
export const MAX_CSV_ROWS = 100_000;

/** The template's header, in the order of the columns. */
export const CSV_COLUMNS = ['nome', 'descricao', 'preco', 'ativo'] as const;

export type ParsedRow = {
  /** Spreadsheet line (header = 1): a quoted cell spanning lines still counts as one row. */
  line: number;
  /** The client id when the file has an `id` column (the device's export), else undefined. */
  id?: string;
  name: string;
  description: string;
  /** Normalised decimal string with two places: "1234.50". */
  price: string;
  active: boolean;
};

import type { CsvLineError } from './api-types';

export type { CsvLineError };
export type CsvDuplicate = { line: number; name: string; firstLine: number };
export type ProductCsvResult = {
  rows: ParsedRow[];
  errors: CsvLineError[];
  /** Later lines whose name (accents and case ignored) repeats an earlier one: not in `rows`. */
  duplicates: CsvDuplicate[];
  /** True when the file had more than `maxRows` product lines: the rest was not read. */
  tooManyRows: boolean;
};

type Column = 'id' | 'name' | 'description' | 'price' | 'active';

/** Header names accepted, after folding accents/case and dropping everything but letters/digits. */
const ALIASES: Record<string, Column> = {
  id: 'id',
  nome: 'name',
  name: 'name',
  produto: 'name',
  nomedoproduto: 'name',
  descricao: 'description',
  description: 'description',
  descricaoopcional: 'description',
  preco: 'price',
  price: 'price',
  valor: 'price',
  precor: 'price',
  valorr: 'price',
  ativo: 'active',
  active: 'active',
  status: 'active',
  situacao: 'active',
};

const TRUE_WORDS = new Set(['sim', 's', 'true', '1', 'ativo', 'yes', 'y', 'verdadeiro', 'v']);
const FALSE_WORDS = new Set(['nao', 'n', 'false', '0', 'inativo', 'no', 'falso', 'f']);

const SIMPLE_COMMA_PRICE = /^\d{1,8},\d{1,2}$/;

/** "059.9" → "59.90" for a string already matching PRICE_PATTERN (same result as normalizePrice). */
function twoPlaces(plain: string): string {
  const dot = plain.indexOf('.');
  const whole = (dot < 0 ? plain : plain.slice(0, dot)).replace(/^0+(?=\d)/, '');
  const frac = dot < 0 ? '' : plain.slice(dot + 1);
  return `${whole}.${frac.padEnd(2, '0')}`;
}

/** parseLoosePrice with a fast path for the usual '59,90' and '59.90'. */
function loosePrice(raw: string): string | null {
  if (PRICE_PATTERN.test(raw)) return twoPlaces(raw);
  if (SIMPLE_COMMA_PRICE.test(raw)) return twoPlaces(raw.replace(',', '.'));
  return parseLoosePrice(raw);
}

const ASCII = /^[\x20-\x7E]*$/;

/** searchKey, skipping Unicode normalisation for plain ASCII names (most of a big file). */
function nameKey(name: string): string {
  return ASCII.test(name) ? name.toLowerCase() : searchKey(name);
}

const idSchema = productSchema.shape.id;

/**
 * The row through productSchema's rules. Rows that obviously pass (name 1–200, description up to
 * 1000, a valid price: the schema's own limits) skip zod, which is most of the cost at 100k rows;
 * anything else goes through the schema itself so messages are exactly its messages.
 */
function validateRow(
  id: string,
  name: string,
  description: string,
  price: string,
  active: boolean,
): { ok: true; row: Omit<ParsedRow, 'line'> } | { ok: false; message: string } {
  const loose = loosePrice(price);
  const idOk = id === '' || idSchema.safeParse(id).success;
  if (idOk && loose && name.length > 0 && name.length <= 200 && description.length <= 1000) {
    return { ok: true, row: { id: id || undefined, name, description, price: loose, active } };
  }
  // A price that is not even loosely a number keeps its text so the schema says why.
  const input = { id: id || undefined, name, description, price: loose ?? price, active };
  const parsed = productSchema.safeParse(input);
  if (parsed.success) return { ok: true, row: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Dados inválidos' };
}

function parseActive(value: string): boolean | null {
  if (value === '') return true;
  const lower = value.toLowerCase();
  if (TRUE_WORDS.has(lower)) return true;
  if (FALSE_WORDS.has(lower)) return false;
  const key = searchKey(value);
  if (TRUE_WORDS.has(key)) return true;
  if (FALSE_WORDS.has(key)) return false;
  return null;
}

/**
 * Parses and validates a product spreadsheet (csv-sheet.ts reads it). Every message reads
 * 'Linha N: …' with N the line the owner sees in the spreadsheet.
 */
export function parseProductCsv(text: string, maxRows = MAX_CSV_ROWS): ProductCsvResult {
  const result: ProductCsvResult = { rows: [], errors: [], duplicates: [], tooManyRows: false };
  const sheet = readSheetWith(text, ALIASES, maxRows, ['name', 'price']);
  if ('problem' in sheet) {
    result.errors.push(sheet.problem);
    return result;
  }
  const { columns } = sheet;
  const { name: nameAt = 0, price: priceAt = 0 } = columns;
  result.tooManyRows = sheet.tooManyRows;
  const firstLineByKey = new Map<string, number>();
  let cells: string[] = [];
  // One closure for the whole file, not one per row.
  const at = (index: number | undefined, singleLine = true) =>
    index === undefined ? '' : cleanCell(cells[index], singleLine);
  for (const sheetRow of sheet.rows) {
    cells = sheetRow.cells;
    const { line } = sheetRow;
    const active = parseActive(at(columns.active));
    const checked = validateRow(
      at(columns.id).toLowerCase(),
      at(nameAt),
      at(columns.description, false),
      at(priceAt),
      active ?? true,
    );
    if (!checked.ok) {
      result.errors.push({ line, message: `Linha ${line}: ${checked.message}` });
      continue;
    }
    if (active === null) {
      result.errors.push({ line, message: `Linha ${line}: Ativo deve ser sim ou não` });
      continue;
    }
    const { row } = checked;
    const key = nameKey(row.name);
    const firstLine = firstLineByKey.get(key);
    if (firstLine !== undefined) {
      result.duplicates.push({ line, name: row.name, firstLine });
      continue;
    }
    firstLineByKey.set(key, line);
    result.rows.push({ line, ...row });
  }
  return result;
}

export type CsvProduct = {
  /** When any row has one, the file gets a leading `id` column and importing it is an upsert. */
  id?: string;
  name: string;
  description: string;
  price: string;
  active: boolean;
};

/**
 * A spreadsheet Excel in Brazil opens as is: UTF-8 BOM, `;` separator, CRLF, decimal comma,
 * every cell neutralised against formulas.
 */
export function buildProductCsv(rows: readonly CsvProduct[]): string {
  const withIds = rows.some((row) => row.id !== undefined);
  const data = rows.map((row) => [
    ...(withIds ? [row.id ?? ''] : []),
    ...[row.name, row.description, row.price.replace('.', ','), row.active ? 'sim' : 'não'].map(
      neutralizeCell,
    ),
  ]);
  // papaparse's writer quotes what RFC 4180 asks (separator, quotes, line breaks).
  const text = Papa.unparse(
    { fields: withIds ? ['id', ...CSV_COLUMNS] : [...CSV_COLUMNS], data },
    { delimiter: ';', newline: '\r\n', escapeFormulae: false },
  );
  return `\uFEFF${text}\r\n`;
}

/** The downloadable template (works offline too): header and two example products. */
export function productCsvTemplate(): string {
  return buildProductCsv([
    { name: 'Camiseta básica', description: 'Algodão, tamanho M', price: '59.90', active: true },
    { name: 'Caneca de porcelana', description: '', price: '1234.50', active: false },
  ]);
}

/**
 * A spreadsheet read as the owner sees it (products and customers imports): BOM dropped, the
 * separator guessed, the first non-empty line as the header mapped through aliases, blank lines
 * skipped, each data line with the line number the spreadsheet shows, at most `maxRows` read.
 */
import Papa from 'papaparse';
import { cleanCell, detectDelimiter } from './csv-text';
import { searchKey } from './text';

export type SheetRow = {
  /** Spreadsheet line (header = 1): a quoted cell spanning lines still counts as one row. */
  line: number;
  cells: string[];
};

export type Sheet<C extends string> =
  | { empty: true }
  | {
      empty: false;
      /** The header's spreadsheet line. */
      headerLine: number;
      /** Where each known column is (the first cell whose folded name is an alias of it). */
      columns: Partial<Record<C, number>>;
      rows: SheetRow[];
      /** More than `maxRows` data lines: the rest was not read. */
      tooManyRows: boolean;
    };

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

/** A header cell folded for the aliases: accents, case and all but letters and digits dropped. */
export const headerKey = (cell: string) =>
  searchKey(cleanCell(cell, true)).replace(/[^a-z0-9]/g, '');

export function readSheet<C extends string>(
  text: string,
  aliases: Readonly<Record<string, C>>,
  maxRows: number,
): Sheet<C> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const data = Papa.parse<string[]>(source, { delimiter: detectDelimiter(source) }).data;
  const headerIndex = data.findIndex((cells) => !isBlank(cells));
  if (headerIndex < 0) return { empty: true };
  const columns: Partial<Record<C, number>> = {};
  (data[headerIndex] ?? []).forEach((cell, index) => {
    const column = aliases[headerKey(cell)];
    if (column && columns[column] === undefined) columns[column] = index;
  });
  const rows: SheetRow[] = [];
  let tooManyRows = false;
  for (let i = headerIndex + 1; i < data.length; i++) {
    const cells = data[i] ?? [];
    if (isBlank(cells)) continue;
    if (rows.length >= maxRows) {
      tooManyRows = true;
      break;
    }
    rows.push({ line: i + 1, cells });
  }
  return { empty: false, headerLine: headerIndex + 1, columns, rows, tooManyRows };
}

/** A sheet that has the columns it needs, or the one line-1/header problem the owner is told. */
export function readSheetWith<C extends string>(
  text: string,
  aliases: Readonly<Record<string, C>>,
  maxRows: number,
  required: readonly NoInfer<C>[],
): Extract<Sheet<C>, { empty: false }> | { problem: { line: number; message: string } } {
  const sheet = readSheet(text, aliases, maxRows);
  if (sheet.empty) return { problem: { line: 1, message: 'Linha 1: O arquivo está vazio' } };
  if (required.some((c) => sheet.columns[c] === undefined)) {
    const line = sheet.headerLine;
    const names = required.map((c) => Object.keys(aliases).find((k) => aliases[k] === c));
    const message = `Linha ${line}: Cabeçalho deve ter as colunas ${names.join(' e ')}`;
    return { problem: { line, message } };
  }
  return sheet;
}

/** CSV text helpers for spreadsheets from Brazil: encodings, separators, formula neutralising. */

// C0 controls and DEL: invisible, break exports and terminals. Newlines/tabs are handled apart.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const FORMULA_START = /^[=+\-@\t\r]/;

// Windows-1252 0x80–0x9F. Some runtimes (Node without full ICU) decode 'windows-1252' as
// Latin-1 and leave these as C1 controls; mapping them afterwards is right on every runtime.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** UTF-8 (with or without BOM); bytes that are not valid UTF-8 are read as Windows-1252 (Excel). */
export function decodeCsvBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252')
      .decode(bytes)
      .replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const ANY_CONTROL = /[\u0000-\u001F\u007F]/;

/** Undoes neutralizeCell on import and drops control characters. */
export function cleanCell(value: string | undefined, singleLine: boolean): string {
  let v = value ?? '';
  // Most cells hold none: one test instead of two replaces keeps 100k rows fast.
  if (ANY_CONTROL.test(v)) {
    v = v.replace(CONTROL, '');
    if (singleLine) v = v.replace(/[\r\n\t]+/g, ' ');
  }
  v = v.trim();
  return v.length > 1 && v[0] === "'" && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v;
}

/** `;` (Brazilian Excel) or `,` or tab: whichever appears most in the header line. */
export function detectDelimiter(text: string): string {
  // The header: the first line with something on it (files often start with blank lines).
  const firstLine =
    text
      .slice(0, 8192)
      .split(/\r?\n/)
      .find((line) => line.trim() !== '') ?? '';
  let best = ';';
  let bestCount = 0;
  for (const d of [';', ',', '\t']) {
    const count = firstLine.split(d).length - 1;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/** One cell for Excel-BR: neutralised, then quoted when it holds `;`, a quote or a line break. */
export function csvCell(value: string): string {
  const safe = neutralizeCell(value);
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole file for Excel set to Brazilian Portuguese: `;`, a UTF-8 BOM, CRLF lines. */
export function csvFile(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((cells) => cells.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

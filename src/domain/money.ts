/** Money as decimal strings ("59.90") end to end: never binary floats. */
import { madeOnUse } from './made-on-use';

/** The price rule of spec §5: digits, an optional dot and up to two decimals, at most 10 digits. */
export const PRICE_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

const brl = madeOnUse(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));

/** Cents (an integer) from a decimal string such as "59.9" or "59.90". */
export function toCents(price: string): number {
  const [whole = '0', frac = ''] = price.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}

/** "5990" cents → "59.90". */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Normalises any accepted price string to two decimals: "59.9" → "59.90". */
export function normalizePrice(price: string): string {
  return fromCents(toCents(price));
}

/** Display as 'R$ 59,90' (with the no-break space Intl uses). Integer cents keep it exact. */
export function formatBRL(price: string | number): string {
  const cents = typeof price === 'number' ? Math.round(price * 100) : toCents(price);
  return brl().format(cents / 100);
}

/**
 * The money mask of the product dialog: the owner types digits and the value is cents-based,
 * so typing 5, 9, 9, 0 shows 59,90 and stores "59.90". A price of zero is a real case (a free
 * sample, a "consulte" item): typing 0 gives R$ 0,00, while erasing the last digit (the text got
 * shorter than what was shown) clears the field. `previous` is the value before this change.
 */
export function maskMoneyInput(typed: string, previous = ''): { value: string; display: string } {
  const allDigits = typed.replace(/\D/g, '');
  const digits = allDigits.replace(/^0+/, '').slice(0, 10);
  if (digits === '') {
    const shown = previous ? formatBRL(previous) : '';
    const zero = allDigits !== '' && typed.length > shown.length;
    return zero ? { value: '0.00', display: formatBRL('0.00') } : { value: '', display: '' };
  }
  const value = fromCents(Number(digits));
  return { value, display: formatBRL(value) };
}

/**
 * A price as written in a Brazilian spreadsheet or by hand: "59,90", "1.234,56", "R$ 10",
 * "59.9". Returns the normalised "59.90" or null when it is not a valid price.
 */
export function parseLoosePrice(input: string): string | null {
  let s = input.replace(/R\$/gi, '').replace(/[\s\u00A0]/g, '');
  if (s === '') return null;
  if (s.includes(',')) {
    // Brazilian: dots group thousands, the comma is the decimal separator.
    s = s.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(s)) {
    s = s.replace(/\./g, '');
  }
  if (!PRICE_PATTERN.test(s)) return null;
  return normalizePrice(s);
}

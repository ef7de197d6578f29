/** Brazilian phone numbers: one normaliser for every field and the API, input mask, display format. */
import { onlyDigits } from './text';

/** Area codes in use (Anatel). */
const VALID_DDDS = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43,
  44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77,
  79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/** The spec's message (§5, shared schema) for anything that is not a Brazilian phone. */
export const PHONE_INVALID = 'Telefone inválido';

/** Longer than any way of writing a Brazilian number ('+55 (0xx31) 9 9876-1234' is 24). */
const MAX_INPUT = 40;

/**
 * The national number (DDD + number) in a phone written any way people type, paste or autofill
 * it: '+55 31 99876-1234', '55 (31) 99876-1234', '031 99876-1234' (trunk 0), '0 21 31 99876-1234'
 * (trunk 0 and a carrier code), '(31) 9 9876-1234', '31998761234'. Only the digits are returned;
 * whether they make a valid number is `isValidBrazilianPhone`'s question.
 */
export function toNationalPhone(input: string): string {
  let d = onlyDigits(input.slice(0, MAX_INPUT));
  // Country code: 55 + 10 (landline) or 11 (mobile) digits. An 11-digit number starting with 55
  // is a national one (DDD 55, Rio Grande do Sul), so only longer ones lose it.
  if ((d.length === 12 || d.length === 13) && d.startsWith('55')) d = d.slice(2);
  if (d.startsWith('0')) {
    // Trunk prefix 0, optionally followed by a two-digit carrier code (0 + XX + DDD + number).
    if (d.length === 11 || d.length === 12) d = d.slice(1);
    else if (d.length === 13 || d.length === 14) d = d.slice(3);
  }
  return d;
}

/** A '+' followed by another country's code: not a Brazilian number, whatever the digits. */
function hasForeignCountryCode(input: string): boolean {
  return input.trim().startsWith('+') && !onlyDigits(input).startsWith('55');
}

/** A Brazilian mobile (DDD + 9 + 8 digits) or landline (DDD + [2-5] + 7 digits), in any form. */
export function isValidBrazilianPhone(phone: string): boolean {
  if (phone.length > MAX_INPUT || hasForeignCountryCode(phone)) return false;
  const d = toNationalPhone(phone);
  if (d.length !== 10 && d.length !== 11) return false;
  if (!VALID_DDDS.has(Number(d.slice(0, 2)))) return false;
  if (d.length === 11) return d[2] === '9';
  return /[2-5]/.test(d[2] ?? '');
}

/** The national digits of a valid phone, or null: what every phone field and the API store. */
export function normalizePhone(phone: string): string | null {
  return isValidBrazilianPhone(phone) ? toNationalPhone(phone) : null;
}

/** @deprecated name kept for callers outside this change: same as toNationalPhone. */
export const nationalDigits = toNationalPhone;

/**
 * The digits a phone input keeps after a change (typed, pasted or autofilled), at most 11: the
 * change is normalised before the mask sees it, so '+55 (31) 99876-1234' becomes '31998761234'
 * instead of being cut to '55319987612'. A key pressed past the end of a complete number is
 * ignored (it must not turn a DDD 55 number into something else by dropping a '55').
 */
export function phoneInputDigits(raw: string, previousDigits = ''): string {
  const typed = onlyDigits(raw);
  if (
    typed.length === 12 &&
    previousDigits.length === 11 &&
    isValidBrazilianPhone(previousDigits) &&
    typed.startsWith(previousDigits)
  ) {
    return previousDigits;
  }
  return toNationalPhone(raw).slice(0, 11);
}

/** The input mask of spec §5: up to 10 digits (DD) XXXX-XXXX, 11 digits (DD) X XXXX-XXXX. */
export function maskPhone(input: string): string {
  const d = onlyDigits(input).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 2)}) ${d.slice(2)}`;
  if (d.length <= 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return `(${d.slice(0, 2)}) ${d.slice(2, 3)} ${d.slice(3, 7)}-${d.slice(7)}`;
}

/** The list display of spec §2: (DD) NNNNN-NNNN for 11 digits, (DD) NNNN-NNNN for 10. */
export function formatPhone(phone: string): string {
  const d = onlyDigits(phone);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return phone;
}

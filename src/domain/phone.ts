/** Brazilian phone numbers: input mask, display format and DDD validation. */
import { onlyDigits } from './text';

/** Area codes in use (Anatel). */
const VALID_DDDS = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43,
  44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77,
  79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

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

/** National number (10 or 11 digits), optional +55, a DDD that exists, mobiles start with 9. */
export function isValidBrazilianPhone(phone: string): boolean {
  let d = onlyDigits(phone);
  if (d.length === 13 && d.startsWith('55')) d = d.slice(2);
  if (d.length !== 10 && d.length !== 11) return false;
  if (!VALID_DDDS.has(Number(d.slice(0, 2)))) return false;
  if (d.length === 11) return d[2] === '9';
  return /[2-5]/.test(d[2] ?? '');
}

/** The national digits (DDD + number) of a valid phone, dropping a leading +55. */
export function nationalDigits(phone: string): string {
  const d = onlyDigits(phone);
  return d.length === 13 && d.startsWith('55') ? d.slice(2) : d;
}

/** WhatsApp ids (JIDs) ↔ the national digits Talí stores for Brazilian customers. */
import { onlyDigits } from '../../../src/domain/text';

/** '5511987654321@s.whatsapp.net' → '11987654321'; other countries keep every digit. */
export function jidToNumber(jid: string): string {
  const user = jid.split('@')[0]?.split(':')[0] ?? '';
  const digits = onlyDigits(user);
  if (digits.startsWith('55') && (digits.length === 12 || digits.length === 13)) {
    return digits.slice(2);
  }
  return digits;
}

/** National digits (10/11) → '55…'; digits that already carry a country code stay as they are. */
export function toInternational(number: string): string {
  const digits = onlyDigits(number);
  if (digits.length === 10 || digits.length === 11) return `55${digits}`;
  return digits;
}

/**
 * The stored forms a Brazilian number may have: older WhatsApp accounts report mobiles without
 * the ninth digit, while the owner typed it (or the other way round).
 */
export function phoneVariants(national: string): string[] {
  const d = onlyDigits(national);
  if (d.length === 10 && /[6-9]/.test(d[2] ?? '')) return [d, `${d.slice(0, 2)}9${d.slice(2)}`];
  if (d.length === 11 && d[2] === '9') return [d, `${d.slice(0, 2)}${d.slice(3)}`];
  return [d];
}

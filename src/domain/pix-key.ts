/**
 * The store's Pix key (DICT) for its orders (issue 38): CPF or CNPJ (check digits), a phone
 * (+55, DDD and number), an e-mail or a random key (EVP, a UUID). Normalised as the DICT holds it,
 * which is what a BR Code must carry: digits for CPF/CNPJ, "+55…" for a phone, lowercase otherwise.
 */
import { isValidCnpj } from './cnpj';
import { normalizePhone } from './phone';

export type PixKeyKind = 'cpf' | 'cnpj' | 'telefone' | 'email' | 'aleatoria';

export const PIX_KEY_INVALID =
  'Chave Pix inválida: use CPF, CNPJ, telefone com DDD (+55), e-mail ou chave aleatória';

export function isValidCpf(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(digits[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]);
}

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** The key as the DICT holds it, and its kind; null when it is none of the five. */
export function parsePixKey(input: string): { key: string; kind: PixKeyKind } | null {
  const text = input.trim();
  if (!text || text.length > 77) return null;
  const lower = text.toLowerCase();
  if (EVP.test(lower)) return { key: lower, kind: 'aleatoria' };
  if (text.includes('@')) return EMAIL.test(lower) ? { key: lower, kind: 'email' } : null;
  // A phone is written with +55 or a DDD in parentheses; bare digits are a CPF or CNPJ.
  if (/^\+|^\(/.test(text)) {
    const national = /^\+(?!55)/.test(text.replace(/\s/g, '')) ? null : normalizePhone(text);
    return national ? { key: `+55${national}`, kind: 'telefone' } : null;
  }
  if (!/^[\d.\-/\s]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length === 11) return isValidCpf(digits) ? { key: digits, kind: 'cpf' } : null;
  if (digits.length === 14) return isValidCnpj(digits) ? { key: digits, kind: 'cnpj' } : null;
  return null;
}

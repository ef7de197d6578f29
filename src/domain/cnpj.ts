/** CNPJ, numeric and the alphanumeric format valid from July 2026. */

const value = (ch: string) => ch.charCodeAt(0) - 48;

function checkDigit(base: string, weights: number[]): number {
  let sum = 0;
  for (let i = 0; i < base.length; i++) sum += value(base[i] ?? '0') * (weights[i] ?? 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** Upper-case letters and digits only. */
export function cleanCnpj(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export function isValidCnpj(input: string): boolean {
  const c = cleanCnpj(input);
  if (!/^[A-Z0-9]{12}\d{2}$/.test(c)) return false;
  if (/^(.)\1{13}$/.test(c)) return false;
  const dv1 = checkDigit(c.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const dv2 = checkDigit(c.slice(0, 12) + dv1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return c.endsWith(`${dv1}${dv2}`);
}

/** Why a typed CNPJ is refused, in the owner's words; null when it is valid. */
export function cnpjProblem(input: string): string | null {
  const c = cleanCnpj(input);
  if (c.length < 14) return 'CNPJ incompleto: são 14 caracteres';
  if (c.length > 14) return 'CNPJ muito longo: são 14 caracteres';
  if (!/\d{2}$/.test(c)) return 'CNPJ inválido: os 2 últimos caracteres são números';
  return isValidCnpj(c) ? null : 'CNPJ inválido';
}

/** SS.SSS.SSS/SSSS-NN as the owner types. */
export function maskCnpj(input: string): string {
  const c = cleanCnpj(input).slice(0, 14);
  const parts = [c.slice(0, 2), c.slice(2, 5), c.slice(5, 8), c.slice(8, 12), c.slice(12, 14)];
  let out = parts[0] ?? '';
  if (c.length > 2) out += `.${parts[1]}`;
  if (c.length > 5) out += `.${parts[2]}`;
  if (c.length > 8) out += `/${parts[3]}`;
  if (c.length > 12) out += `-${parts[4]}`;
  return out;
}

/** Search keys: case- and accent-insensitive text folding shared by the device and the server. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** Digits of a string, in order. */
export function onlyDigits(text: string): string {
  return text.replace(/\D/g, '');
}

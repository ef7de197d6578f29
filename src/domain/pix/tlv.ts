/** EMV-MPM building blocks for BR Codes: TLV fields, UTF-8 bytes and CRC16-CCITT-FALSE. Pure. */

/** One field: two-digit id, two-digit length, value (length counted in characters, ≤ 99). */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new BrCodeError(`Campo inválido: ${id}`);
  if (value.length > 99) throw new BrCodeError(`Campo ${id} longo demais (${value.length} > 99)`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Splits a TLV sequence into [id, value] pairs, in order; anything malformed throws. */
export function readTlv(text: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const len = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(len)) {
      throw new BrCodeError(`Código Pix inválido na posição ${at}`);
    }
    const value = text.slice(at + 4, at + 4 + Number(len));
    if (value.length !== Number(len)) throw new BrCodeError(`Campo ${id} incompleto`);
    fields.push([id, value]);
    at += 4 + Number(len);
  }
  return fields;
}

export class BrCodeError extends Error {
  override name = 'BrCodeError';
}

/** UTF-8 bytes of a string, written out so this module needs neither TextEncoder nor Buffer. */
export function utf8Bytes(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp < 0x80) bytes.push(cp);
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) {
      bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    } else {
      bytes.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 63),
        0x80 | ((cp >> 6) & 63),
        0x80 | (cp & 63),
      );
    }
  }
  return bytes;
}

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 uppercase hex. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of utf8Bytes(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A name or city as the payer's bank expects it: accents stripped, uppercase printable ASCII,
 * cut to `max` characters (lengths count characters while the CRC counts bytes, so ASCII only).
 */
export function brCodeText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

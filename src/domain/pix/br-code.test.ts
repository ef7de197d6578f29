import {
  createDynamicPix,
  createStaticPix,
  hasError,
  isDynamicPix,
  isStaticPix,
  parsePix,
} from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { BrCodeError, buildBrCode, crc16, parseBrCode } from './br-code';
import { utf8Bytes } from './tlv';

// Official vector (research/pix.md, from the Banco Central's manual): static, random key, no amount.
const BCB_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('crc16 (CCITT-FALSE)', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
  it('matches the CRC of the official static vector', () => {
    expect(crc16(BCB_STATIC.slice(0, -4))).toBe('1D3D');
  });
  it('runs over UTF-8 bytes, not UTF-16 code units', () => {
    expect(utf8Bytes('ã')).toEqual([0xc3, 0xa3]);
    expect(utf8Bytes('€')).toEqual([0xe2, 0x82, 0xac]);
    expect(utf8Bytes('😀')).toEqual([0xf0, 0x9f, 0x98, 0x80]);
    expect(crc16('ã')).not.toBe(crc16('\u00e3'.normalize('NFD')));
  });
});

describe('buildBrCode', () => {
  it('rebuilds the official static vector exactly', () => {
    const code = buildBrCode({
      kind: 'static',
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
    });
    // The only difference allowed: names are upper-cased as banks print them.
    const official = parseBrCode(BCB_STATIC);
    expect(parseBrCode(code)).toMatchObject({
      kind: 'static',
      key: official.key,
      merchantCity: 'BRASILIA',
      merchantName: 'FULANO DE TAL',
      txid: '***',
    });
    expect(code.replace('FULANO DE TAL', 'Fulano de Tal').slice(0, -4)).toBe(
      BCB_STATIC.slice(0, -4),
    );
  });

  it('builds a dynamic single-use code with the location without scheme', () => {
    const code = buildBrCode({
      kind: 'dynamic',
      location: 'https://pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
      merchantName: 'Talí Serviços Digitais',
      merchantCity: 'São Paulo',
    });
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).toContain('2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25');
    expect(code).toContain('5922TALI SERVICOS DIGITAIS6009SAO PAULO62070503***6304');
    expect(parseBrCode(code)).toMatchObject({
      kind: 'dynamic',
      singleUse: true,
      location: 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
    });
  });

  it('cuts name to 25 and city to 15 characters, without accents', () => {
    const parsed = parseBrCode(
      buildBrCode({
        kind: 'static',
        key: 'loja@example.com',
        merchantName: 'Açougue e Mercearia São João da Boa Vista',
        merchantCity: 'São João da Boa Vista',
        amount: '25.00',
      }),
    );
    expect(parsed.merchantName).toBe('ACOUGUE E MERCEARIA SAO J');
    expect(parsed.merchantCity).toBe('SAO JOAO DA BOA');
    expect(parsed.amount).toBe('25.00');
  });

  it('refuses bad amounts, empty names, bad txids and overlong keys', () => {
    const base = { kind: 'static' as const, key: 'a@b.co', merchantName: 'X', merchantCity: 'Y' };
    for (const amount of ['25', '25.0', '0.00', '-1.00', '1,00', '12345678901.00']) {
      expect(() => buildBrCode({ ...base, amount })).toThrow(BrCodeError);
    }
    expect(() => buildBrCode({ ...base, merchantName: '\u0301\u0301 ' })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, txid: 'tem espaço' })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, txid: 'A'.repeat(26) })).toThrow(BrCodeError);
    expect(() => buildBrCode({ ...base, key: 'k'.repeat(78) })).toThrow(BrCodeError);
  });
});

describe('parseBrCode', () => {
  it('reads the official vector', () => {
    expect(parseBrCode(BCB_STATIC)).toEqual({
      kind: 'static',
      singleUse: false,
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      crc: '1D3D',
    });
  });
  it('refuses a wrong CRC, a cut code and a non-Pix EMV code', () => {
    expect(() => parseBrCode(`${BCB_STATIC.slice(0, -4)}1D3E`)).toThrow('CRC');
    expect(() => parseBrCode(BCB_STATIC.slice(0, 40))).toThrow(BrCodeError);
    const notPix = BCB_STATIC.replace('br.gov.bcb.pix', 'br.gov.bcb.pax').slice(0, -4);
    expect(() => parseBrCode(notPix + crc16(notPix))).toThrow('Não é um código Pix');
  });
  it('accepts the uppercase GUI some PSPs print', () => {
    const upper = BCB_STATIC.replace('br.gov.bcb.pix', 'BR.GOV.BCB.PIX').slice(0, -4);
    expect(parseBrCode(upper + crc16(upper)).key).toBe('123e4567-e12b-12d1-a456-426655440000');
  });
});

describe('cross-check with pix-utils (published library)', () => {
  const names = ['Loja da Maria', 'Padaria Pão Quente', 'Açaí & Cia', 'José'];
  const cities = ['Florianópolis', 'São Paulo', 'Belém', 'Goiânia'];
  const amounts = ['0.01', '1.00', '25.00', '50.00', '1234.56'];

  it('static codes are identical and each side parses the other', () => {
    for (const [i, name] of names.entries()) {
      for (const amount of amounts) {
        const city = cities[i] ?? 'Brasilia';
        const key = `+55119${String(87654321 + i)}`;
        const theirs = createStaticPix({
          merchantName: name,
          merchantCity: city,
          pixKey: key,
          transactionAmount: Number(amount),
          txid: `TALI${i}`,
        });
        if (hasError(theirs)) throw new Error('pix-utils refused the input');
        const ours = buildBrCode({
          kind: 'static',
          key,
          merchantName: name,
          merchantCity: city,
          amount,
          txid: `TALI${i}`,
        });
        expect(ours).toBe(theirs.toBRCode());
        const back = parsePix(ours);
        if (hasError(back) || !isStaticPix(back))
          throw new Error(`pix-utils could not parse ${ours}`);
        expect(back.toBRCode()).toBe(ours);
        expect(back.transactionAmount).toBe(Number(amount));
        expect(parseBrCode(theirs.toBRCode()).amount).toBe(amount);
      }
    }
  });

  it('dynamic single-use codes are identical', () => {
    for (const [i, name] of names.entries()) {
      const url = `psp.example.com/qr/v2/${'a1b2c3d4'.repeat(4).slice(i)}`;
      const theirs = createDynamicPix({
        merchantName: name,
        merchantCity: cities[i] ?? 'Brasilia',
        url,
        oneTime: true,
      });
      if (hasError(theirs)) throw new Error('pix-utils refused the input');
      const ours = buildBrCode({
        kind: 'dynamic',
        location: url,
        merchantName: name,
        merchantCity: cities[i] ?? 'Brasilia',
      });
      expect(ours).toBe(theirs.toBRCode());
      const back = parsePix(ours);
      if (hasError(back) || !isDynamicPix(back)) throw new Error('pix-utils could not parse');
      expect(back.url).toBe(url);
      expect(parseBrCode(ours).location).toBe(url);
    }
  });
});

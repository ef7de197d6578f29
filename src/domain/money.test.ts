import { describe, expect, it } from 'vitest';
import {
  formatBRL,
  fromCents,
  maskMoneyInput,
  normalizePrice,
  PRICE_PATTERN,
  parseLoosePrice,
  toCents,
} from './money';

describe('formatBRL', () => {
  it("shows prices in the style 'R$ 59,90' with Intl's no-break space", () => {
    expect(formatBRL('59.90')).toBe('R$\u00A059,90');
    expect(formatBRL('59.9')).toBe('R$\u00A059,90');
    expect(formatBRL(59.9)).toBe('R$\u00A059,90');
    expect(formatBRL('1234.56')).toBe('R$\u00A01.234,56');
    expect(formatBRL('0')).toBe('R$\u00A00,00');
  });

  it('stays exact where binary floats would not (0.1 + 0.2)', () => {
    expect(formatBRL('0.30')).toBe('R$\u00A00,30');
    expect(formatBRL('99999999.99')).toBe('R$\u00A099.999.999,99');
  });
});

describe('cents and decimal strings', () => {
  it.each([
    ['59.9', 5990],
    ['59.90', 5990],
    ['0.05', 5],
    ['10', 1000],
  ])('toCents(%s) = %i', (price, cents) => {
    expect(toCents(price)).toBe(cents);
  });

  it('fromCents writes two decimals, sign included', () => {
    expect(fromCents(5990)).toBe('59.90');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-150)).toBe('-1.50');
  });

  it('normalizePrice pads to two decimals', () => {
    expect(normalizePrice('59.9')).toBe('59.90');
    expect(normalizePrice('10')).toBe('10.00');
  });
});

describe('PRICE_PATTERN (spec §5)', () => {
  it.each(['0', '59', '59.9', '59.90', '12345678.99'])('accepts %s', (v) => {
    expect(PRICE_PATTERN.test(v)).toBe(true);
  });
  it.each(['', '59,90', '59.999', '-1', '123456789', '1e3', '.5'])('rejects %s', (v) => {
    expect(PRICE_PATTERN.test(v)).toBe(false);
  });
});

describe('maskMoneyInput (typing digits fills cents)', () => {
  it('typing 5, 9, 9, 0 shows R$ 59,90 and stores 59.90', () => {
    expect(maskMoneyInput('5')).toEqual({ value: '0.05', display: 'R$\u00A00,05' });
    expect(maskMoneyInput('59')).toEqual({ value: '0.59', display: 'R$\u00A00,59' });
    expect(maskMoneyInput('5990')).toEqual({ value: '59.90', display: 'R$\u00A059,90' });
  });

  it('ignores non-digits and empties to nothing', () => {
    expect(maskMoneyInput('R$ 1,00')).toEqual({ value: '1.00', display: 'R$\u00A01,00' });
    expect(maskMoneyInput('')).toEqual({ value: '', display: '' });
    // Zero is a price (issue 14); erasing the last digit of what was shown still empties it.
    expect(maskMoneyInput('000')).toEqual({ value: '0.00', display: 'R$\u00A00,00' });
    expect(maskMoneyInput('R$\u00A00,0', '0.05')).toEqual({ value: '', display: '' });
    expect(maskMoneyInput('R$\u00A00,0', '0.00')).toEqual({ value: '', display: '' });
  });

  it('shows a zero price as R$ 0,00', () => {
    expect(formatBRL('0.00')).toBe('R$\u00A00,00');
    expect(formatBRL('0')).toBe('R$\u00A00,00');
  });
});

describe('parseLoosePrice (spreadsheets, hand-typed)', () => {
  it.each([
    ['59,90', '59.90'],
    ['1.234,56', '1234.56'],
    ['R$ 10', '10.00'],
    ['R$\u00A059,90', '59.90'],
    ['59.9', '59.90'],
    ['1.234', '1234.00'],
  ])('%s → %s', (input, price) => {
    expect(parseLoosePrice(input)).toBe(price);
  });

  it.each(['', 'abc', '-5', '12,345', '1.2.3'])('rejects %s', (input) => {
    expect(parseLoosePrice(input)).toBeNull();
  });
});

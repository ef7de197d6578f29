import { describe, expect, it } from 'vitest';
import { maskMoneyInput } from '~/domain/money';
import { priceDisplay } from './product-dialog';

const nbsp = (s: string) => s.replace(/\u00A0/g, ' ');

/** What the price input shows after each keystroke, starting from empty (typing at the end). */
function type(keys: string): string[] {
  let value = '';
  return [...keys].map((key) => {
    value =
      key === '⌫'
        ? maskMoneyInput(priceDisplay(value).slice(0, -1), value).value
        : maskMoneyInput(priceDisplay(value) + key, value).value;
    return nbsp(priceDisplay(value));
  });
}

describe('price input money mask', () => {
  it('fills from the cents as the owner types 5, 9, 9, 0', () => {
    expect(type('5990')).toEqual(['R$ 0,05', 'R$ 0,59', 'R$ 5,99', 'R$ 59,90']);
  });

  it('stores a two-decimal string for the API', () => {
    expect(maskMoneyInput('R$ 1.234,56').value).toBe('1234.56');
    expect(maskMoneyInput('7').value).toBe('0.07');
  });

  it('ignores letters and shifts back on backspace', () => {
    expect(type('12a3⌫')).toEqual(['R$ 0,01', 'R$ 0,12', 'R$ 0,12', 'R$ 1,23', 'R$ 0,12']);
  });

  it('clears the field when every digit is erased', () => {
    expect(type('5⌫')).toEqual(['R$ 0,05', '']);
  });

  it('takes a price of zero: typing 0 shows R$ 0,00 and stores "0.00"', () => {
    expect(type('0')).toEqual(['R$ 0,00']);
    expect(type('00')).toEqual(['R$ 0,00', 'R$ 0,00']);
    expect(maskMoneyInput('0').value).toBe('0.00');
  });

  it('still clears a zero price with backspace, and goes on from zero when typing', () => {
    expect(type('0⌫')).toEqual(['R$ 0,00', '']);
    expect(type('05')).toEqual(['R$ 0,00', 'R$ 0,05']);
  });
});

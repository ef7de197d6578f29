import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isValidBrazilianPhone,
  maskPhone,
  nationalDigits,
  normalizePhone,
  phoneInputDigits,
} from './phone';

describe('maskPhone (spec §5 input mask)', () => {
  it.each([
    ['', ''],
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['113456', '(11) 3456'],
    ['1134567', '(11) 3456-7'],
    ['1134567890', '(11) 3456-7890'],
    ['11987654321', '(11) 9 8765-4321'],
    ['(11) 9 8765-43210', '(11) 9 8765-4321'],
    ['abc', ''],
  ])('%s → %s', (typed, masked) => {
    expect(maskPhone(typed)).toBe(masked);
  });
});

describe('formatPhone (list display)', () => {
  it('shows 11 digits as (DD) NNNNN-NNNN and 10 as (DD) NNNN-NNNN', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1134567890')).toBe('(11) 3456-7890');
  });

  it('leaves anything else as it was stored', () => {
    expect(formatPhone('12345')).toBe('12345');
  });
});

describe('isValidBrazilianPhone', () => {
  it.each([
    '11987654321',
    '(11) 98765-4321',
    '(11) 9 8765-4321',
    '+55 11 98765-4321',
    '1134567890',
    '(21) 3456-7890',
    '99987654321',
  ])('accepts %s', (phone) => {
    expect(isValidBrazilianPhone(phone)).toBe(true);
  });

  it.each([
    ['a DDD that does not exist', '20987654321'],
    ['DDD 10', '1034567890'],
    ['a mobile without the leading 9', '11887654321'],
    ['a landline starting with 9 (10 digits)', '1194567890'],
    ['a landline starting with 1', '1114567890'],
    ['9 digits', '119876543'],
    ['12 digits', '119876543210'],
    ['another country code', '+1 415 555 2671'],
    ['nothing', ''],
  ])('rejects %s', (_name, phone) => {
    expect(isValidBrazilianPhone(phone)).toBe(false);
  });
});

describe('nationalDigits', () => {
  it('drops +55 and formatting', () => {
    expect(nationalDigits('+55 (11) 98765-4321')).toBe('11987654321');
    expect(nationalDigits('(11) 3456-7890')).toBe('1134567890');
  });
});

describe('normalizePhone: the forms people type, paste and autofill (issue 14)', () => {
  it.each([
    ['+55 31 99876-1234', '31998761234'],
    ['55 (31) 99876-1234', '31998761234'],
    ['+55 (31) 99876-1234', '31998761234'],
    ['031 99876-1234', '31998761234'],
    ['(31) 9 9876-1234', '31998761234'],
    ['31998761234', '31998761234'],
    ['+5531998761234', '31998761234'],
    ['0 21 31 99876-1234', '31998761234'],
    ['(31) 3456-7890', '3134567890'],
    ['+55 31 3456-7890', '3134567890'],
    ['031 3456-7890', '3134567890'],
    ['55 9 9876-1234', '55998761234'],
    ['+55 55 9 9876-1234', '55998761234'],
    [' 31\u00a099876\u20111234 ', '31998761234'],
  ])('%s → %s', (input, national) => {
    expect(normalizePhone(input)).toBe(national);
  });

  it.each([
    ['letters', 'abc'],
    ['empty', ''],
    ['too short', '9876-1234'],
    ['too long', '31 99876-12345'],
    ['another country', '+1 (415) 555-2671'],
    ['another country that looks like a mobile', '+351 912 345 678'],
    ['a DDD that does not exist', '(20) 99876-1234'],
    ['a mobile without its 9', '(31) 8 9876-1234'],
    ['an emergency number', '190'],
    ['a 1 MB string of digits', '9'.repeat(1_000_000)],
    ['a phone followed by junk digits', '+55 31 99876-1234 ramal 12'],
  ])('refuses %s', (_name, input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('phoneInputDigits: what a masked phone field keeps', () => {
  it('normalises a paste or an autofill before the 11-digit mask', () => {
    expect(phoneInputDigits('+55 (31) 99876-1234')).toBe('31998761234');
    expect(maskPhone(phoneInputDigits('+55 (31) 99876-1234'))).toBe('(31) 9 9876-1234');
    expect(phoneInputDigits('031 99876-1234')).toBe('31998761234');
  });

  it('follows a number typed digit by digit, with or without the country code', () => {
    let digits = '';
    for (const key of '+5531998761234') digits = phoneInputDigits(maskPhone(digits) + key, digits);
    expect(digits).toBe('31998761234');
    digits = '';
    for (const key of '31998761234') digits = phoneInputDigits(maskPhone(digits) + key, digits);
    expect(digits).toBe('31998761234');
  });

  it('ignores a key pressed past the end of a complete number (DDD 55 kept)', () => {
    expect(phoneInputDigits('(55) 9 9876-12345', '55998761234')).toBe('55998761234');
  });
});

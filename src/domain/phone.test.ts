import { describe, expect, it } from 'vitest';
import { formatPhone, isValidBrazilianPhone, maskPhone, nationalDigits } from './phone';

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

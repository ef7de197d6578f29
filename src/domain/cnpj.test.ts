import { describe, expect, it } from 'vitest';
import { cleanCnpj, cnpjProblem, isValidCnpj, maskCnpj } from './cnpj';

describe('isValidCnpj', () => {
  it.each([
    '11222333000181',
    '11444777000161',
    '11.222.333/0001-81',
    '12ABC34501DE35',
    '12.ABC.345/01DE-35',
    '12abc34501de35',
  ])('accepts %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ['all zeros (passes the arithmetic)', '00000000000000'],
    ['all equal digits', '11111111111111'],
    ['a wrong check digit', '11222333000182'],
    ['a wrong alphanumeric check digit', '12ABC34501DE36'],
    ['a letter in the check digits', '12ABC34501DE3A'],
    ['13 characters', '1122233300018'],
    ['15 characters', '112223330001811'],
    ['nothing', ''],
  ])('rejects %s', (_name, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe('cleanCnpj and maskCnpj', () => {
  it('keeps upper-case letters and digits only', () => {
    expect(cleanCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
  });

  it.each([
    ['1', '1'],
    ['11', '11'],
    ['112', '11.2'],
    ['11222', '11.222'],
    ['112223', '11.222.3'],
    ['112223330', '11.222.333/0'],
    ['1122233300018', '11.222.333/0001-8'],
    ['11222333000181', '11.222.333/0001-81'],
    ['11222333000181999', '11.222.333/0001-81'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
  ])('masks %s as %s while typing', (typed, masked) => {
    expect(maskCnpj(typed)).toBe(masked);
  });
});

describe('cnpjProblem', () => {
  it.each([
    ['12.ABC.345/01DE-35', null],
    ['11.444.777/0001-61', null],
    ['11.222.333/0001-8', 'CNPJ incompleto: são 14 caracteres'],
    ['112223330001811', 'CNPJ muito longo: são 14 caracteres'],
    ['12ABC34501DE3A', 'CNPJ inválido: os 2 últimos caracteres são números'],
    ['11222333000182', 'CNPJ inválido'],
    ['00000000000000', 'CNPJ inválido'],
  ])('%s → %s', (typed, problem) => {
    expect(cnpjProblem(typed)).toBe(problem);
  });
});

import { describe, expect, it } from 'vitest';
import { maskCep, readViaCep, viaCepUrl } from './cep';

describe('maskCep', () => {
  it.each([
    ['', ''],
    ['01001', '01001'],
    ['010010', '01001-0'],
    ['01001000', '01001-000'],
    ['01001-000', '01001-000'],
    ['0100100099', '01001-000'],
    ['cep 01001 000', '01001-000'],
  ])('%s → %s (at most 9 characters)', (typed, masked) => {
    expect(maskCep(typed)).toBe(masked);
    expect(maskCep(typed).length).toBeLessThanOrEqual(9);
  });
});

describe('readViaCep', () => {
  it('maps an address, localidade filling cidade', () => {
    const answer = {
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      complemento: 'lado ímpar',
      bairro: 'Sé',
      localidade: 'São Paulo',
      uf: 'SP',
      ibge: '3550308',
      ddd: '11',
    };
    expect(readViaCep(answer)).toEqual({
      logradouro: 'Praça da Sé',
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
    });
  });

  it('fills missing fields with empty text (a city-wide CEP has no street)', () => {
    expect(readViaCep({ cep: '78850-000', localidade: 'Primavera do Leste', uf: 'MT' })).toEqual({
      logradouro: '',
      bairro: '',
      cidade: 'Primavera do Leste',
      uf: 'MT',
    });
  });

  it('reads both forms of the not-found flag: erro true and erro "true"', () => {
    expect(readViaCep({ erro: true })).toBe('not-found');
    expect(readViaCep({ erro: 'true' })).toBe('not-found');
  });

  it('throws on an answer that is not an object, so the caller shows the failure toast', () => {
    expect(() => readViaCep(null)).toThrow();
    expect(() => readViaCep('<html>Bad Request</html>')).toThrow();
    expect(() => readViaCep({ logradouro: 42 })).toThrow();
  });

  it('builds the lookup URL from the digits', () => {
    expect(viaCepUrl('01001-000')).toBe('https://viacep.com.br/ws/01001000/json/');
  });
});

/** CNPJ typed in onboarding or 'Dados Cadastrais': both formats checked by the server, clear 400s. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '../../src/domain/hours';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const address = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
};

async function owner() {
  const email = `cnpj${++seq}-${Date.now()}@exemplo.com.br`;
  const reg = await t.call('POST', '/api/auth/register', { email, password: 'segredo123' });
  return reg.body.token as string;
}

describe('CNPJ checked by the server', () => {
  it.each([
    ['the 2026 alphanumeric format', '12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['the classic numeric format', '11.444.777/0001-61', '11444777000161'],
  ])('accepts %s and stores it without the mask', async (_name, typed, stored) => {
    const token = await owner();
    const res = await t.call(
      'POST',
      '/api/stores',
      { name: 'Loja', cnpj: typed, ...address, businessHours: defaultBusinessHours() },
      token,
    );
    expect(res.status).toBe(201);
    expect(res.body.cnpj).toBe(stored);
  });

  it.each([
    ['an incomplete one', '11.222.333/0001-8', 'CNPJ incompleto: são 14 caracteres'],
    [
      'letters in the check digits',
      '12.ABC.345/01DE-3A',
      'CNPJ inválido: os 2 últimos caracteres são números',
    ],
    ['a wrong alphanumeric check digit', '12.ABC.345/01DE-36', 'CNPJ inválido'],
    ['a wrong numeric check digit', '11.222.333/0001-82', 'CNPJ inválido'],
  ])('refuses %s in Dados Cadastrais and keeps the stored one', async (_name, typed, message) => {
    const token = await owner();
    const created = await t.call(
      'POST',
      '/api/stores',
      { name: 'Loja', cnpj: '11222333000181', ...address, businessHours: defaultBusinessHours() },
      token,
    );
    expect(created.status).toBe(201);
    const res = await t.call(
      'PUT',
      '/api/stores/me',
      { name: 'Loja', cnpj: typed, ...address },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    const me = await t.call('GET', '/api/stores/me', undefined, token);
    expect(me.body.cnpj).toBe('11222333000181');
  });
});

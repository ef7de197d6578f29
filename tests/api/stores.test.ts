/** Store onboarding and settings: creation, one-store rule, updates, bot, public URL, isolation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '../../src/domain/hours';
import type { StoreMe } from '../../src/domain/store-schema';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function newOwner() {
  const email = `loja${++seq}-${Date.now()}@exemplo.com.br`;
  const res = await t.call('POST', '/api/auth/register', { email, password: 'segredo123' });
  expect(res.status).toBe(201);
  return { email, token: res.body.token as string };
}

/** What onboarding sends: the masked values exactly as the owner typed them. */
const onboarding = (overrides: Record<string, unknown> = {}) => ({
  name: 'Padaria São João',
  cnpj: '11.222.333/0001-81',
  phone: '(11) 9 8765-4321',
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  numero: '100',
  complemento: '',
  bairro: 'Sé',
  cidade: 'São Paulo',
  uf: 'sp',
  businessHours: defaultBusinessHours(),
  ...overrides,
});

async function ownerWithStore(overrides: Record<string, unknown> = {}) {
  const owner = await newOwner();
  const res = await t.call('POST', '/api/stores', onboarding(overrides), owner.token);
  expect(res.status).toBe(201);
  return { ...owner, store: res.body };
}

describe('onboarding (POST /api/stores)', () => {
  it('creates the store and answers it in the owner shape, with clean digits and default hours', async () => {
    const { token } = await newOwner();
    const before = await t.call('GET', '/api/stores/me', undefined, token);
    expect(before.status).toBe(404);
    expect(before.body.message).toMatch(/^Loja não encontrada/);

    const res = await t.call('POST', '/api/stores', onboarding(), token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      name: 'Padaria São João',
      cnpj: '11222333000181',
      phone: '11987654321',
      cep: '01001000',
      logradouro: 'Praça da Sé',
      numero: '100',
      complemento: '',
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
      businessHours: {
        domingo: { enabled: false, start: '08:00', end: '18:00' },
        segunda: { enabled: true, start: '08:00', end: '18:00' },
        terca: { enabled: true, start: '08:00', end: '18:00' },
        quarta: { enabled: true, start: '08:00', end: '18:00' },
        quinta: { enabled: true, start: '08:00', end: '18:00' },
        sexta: { enabled: true, start: '08:00', end: '18:00' },
        sabado: { enabled: true, start: '08:00', end: '12:00' },
      },
      botAtivo: false,
      botPersonalizacao: { mensagemBoasVindas: '', tomVoz: '', informacoesImportantes: '' },
      pixKey: '',
      orderMessages: {},
      delivery: {
        retirada: true,
        entrega: true,
        zonas: [],
        pedidoMinimo: null,
        freteGratisAcima: null,
        aceitarPedidosFechada: true,
      },
    });
    const me = await t.call<StoreMe>('GET', '/api/stores/me', undefined, token);
    expect(me.body).toEqual(res.body);
    // jsonb reorders keys; the owner's week still reads domingo → sabado.
    expect(Object.keys(me.body.businessHours)).toEqual([
      'domingo',
      'segunda',
      'terca',
      'quarta',
      'quinta',
      'sexta',
      'sabado',
    ]);
  });

  it('accepts a store without CNPJ and phone (both optional)', async () => {
    const { token } = await newOwner();
    const res = await t.call('POST', '/api/stores', onboarding({ cnpj: '', phone: null }), token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ cnpj: '', phone: '' });
  });

  it('makes login answer hasStore true afterwards', async () => {
    const { email } = await ownerWithStore();
    const res = await t.call('POST', '/api/auth/login', { email, password: 'segredo123' });
    expect(res.body.hasStore).toBe(true);
  });

  it('allows one store per user: a second creation is a 409', async () => {
    const { token } = await ownerWithStore();
    const again = await t.call('POST', '/api/stores', onboarding({ name: 'Outra' }), token);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Você já possui uma loja cadastrada' });
    expect((await t.call('GET', '/api/stores/me', undefined, token)).body.name).toBe(
      'Padaria São João',
    );
  });

  it('gives one store when the same onboarding is submitted twice at once', async () => {
    const { token } = await newOwner();
    const results = await Promise.all([
      t.call('POST', '/api/stores', onboarding(), token),
      t.call('POST', '/api/stores', onboarding(), token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('bad store payloads are a 400 with a Portuguese message', () => {
  const hours = defaultBusinessHours();
  const cases: Array<[string, unknown, string | RegExp]> = [
    ['missing name', onboarding({ name: undefined }), 'Nome da loja é obrigatório'],
    ['blank name', onboarding({ name: '   ' }), 'Nome da loja é obrigatório'],
    ['huge name', onboarding({ name: 'x'.repeat(50_000) }), 'Máximo de 120 caracteres'],
    ['name as number', onboarding({ name: 123 }), 'Nome da loja é obrigatório'],
    ['invalid CNPJ', onboarding({ cnpj: '11.222.333/0001-82' }), 'CNPJ inválido'],
    ['all-zero CNPJ', onboarding({ cnpj: '00000000000000' }), 'CNPJ inválido'],
    ['phone with unknown DDD', onboarding({ phone: '(20) 9 8765-4321' }), 'Telefone inválido'],
    ['short phone', onboarding({ phone: '1198765' }), 'Telefone inválido'],
    ['CEP with 7 digits', onboarding({ cep: '01001-00' }), 'CEP inválido'],
    ['missing CEP', onboarding({ cep: undefined }), 'CEP inválido'],
    ['missing logradouro', onboarding({ logradouro: '' }), 'Logradouro é obrigatório'],
    ['missing número', onboarding({ numero: undefined }), 'Número é obrigatório'],
    ['missing bairro', onboarding({ bairro: ' ' }), 'Bairro é obrigatório'],
    ['missing cidade', onboarding({ cidade: '' }), 'Cidade é obrigatória'],
    ['one-letter UF', onboarding({ uf: 'S' }), 'UF é obrigatória'],
    ['numeric UF', onboarding({ uf: '12' }), 'UF inválida'],
    ['no business hours', onboarding({ businessHours: undefined }), /Horário de funcionamento/],
    ['hours as a list', onboarding({ businessHours: [] }), /Horário de funcionamento/],
    [
      'a weekday missing',
      onboarding({ businessHours: { ...hours, sabado: undefined } }),
      /inválid|obrigat/i,
    ],
    [
      'time out of range',
      onboarding({
        businessHours: { ...hours, segunda: { enabled: true, start: '25:00', end: '18:00' } },
      }),
      'Horário inválido (use HH:MM)',
    ],
    [
      'enabled as text',
      onboarding({
        businessHours: { ...hours, terca: { enabled: 'sim', start: '08:00', end: '18:00' } },
      }),
      'Informe se o dia está aberto',
    ],
    ['invalid JSON', '{"name": "Loja"', 'Corpo da requisição inválido: envie JSON'],
    ['array body', '[{"name":"Loja"}]', /inválid/i],
    ['string body', '"Loja"', /inválid/i],
  ];
  it.each(cases)('%s', async (_name, body, message) => {
    const { token } = await newOwner();
    const res = await t.call('POST', '/api/stores', body, token);
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body).toEqual({ message });
    else expect(res.body.message).toMatch(message);
    expect((await t.call('GET', '/api/stores/me', undefined, token)).status).toBe(404);
  });
});

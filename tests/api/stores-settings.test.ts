/** The store after onboarding: data and hours updates, bot config, public URL, per-owner isolation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '../../src/domain/hours';
import type { StoreMe } from '../../src/domain/store-schema';
import { createOwner, send } from './fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const storeData = {
  name: 'Mercearia Açaí & Cia',
  cnpj: '12.ABC.345/01DE-35',
  phone: '(21) 3456-7890',
  cep: '20040-020',
  logradouro: 'Rua da Assembleia',
  numero: '10',
  complemento: 'Loja 2',
  bairro: 'Centro',
  cidade: 'Rio de Janeiro',
  uf: 'RJ',
};

async function ownerWithStore(overrides: Record<string, unknown> = {}) {
  const email = `ajustes${++seq}-${Date.now()}@exemplo.com.br`;
  const reg = await t.call('POST', '/api/auth/register', { email, password: 'segredo123' });
  const token = reg.body.token as string;
  const body = { ...storeData, businessHours: defaultBusinessHours(), ...overrides };
  const res = await t.call<StoreMe>('POST', '/api/stores', body, token);
  expect(res.status).toBe(201);
  return { token, store: res.body };
}

const get = (token: string) => t.call('GET', '/api/stores/me', undefined, token);

describe('PUT /api/stores/me', () => {
  it('updates the store fields and leaves hours and bot untouched', async () => {
    const { token, store } = await ownerWithStore();
    const res = await t.call(
      'PUT',
      '/api/stores/me',
      { ...storeData, name: 'Mercearia Nova', cnpj: '', phone: '', complemento: null },
      token,
    );
    expect(res.status).toBe(200);
    const expected = {
      ...store,
      name: 'Mercearia Nova',
      cnpj: '',
      phone: '',
      complemento: '',
    };
    expect(res.body).toEqual(expected);
    expect((await get(token)).body).toEqual(expected);
  });

  it('updates only the hours when only businessHours is sent', async () => {
    const { token, store } = await ownerWithStore();
    const businessHours = {
      ...defaultBusinessHours(),
      domingo: { enabled: true, start: '09:00', end: '13:00' },
      sabado: { enabled: false, start: '08:00', end: '12:00' },
    };
    const res = await t.call('PUT', '/api/stores/me', { businessHours }, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...store, businessHours });
    expect((await get(token)).body).toEqual({ ...store, businessHours });
  });

  // Issue 27: `{ name, cnpj }` used to erase the phone, the address and every field not sent.
  it('changes only the fields the body carries and keeps the others', async () => {
    const { token, store } = await ownerWithStore();
    const res = await t.call(
      'PUT',
      '/api/stores/me',
      { name: 'Mercearia Renomeada', cnpj: storeData.cnpj },
      token,
    );
    expect(res.status).toBe(200);
    const renamed = { ...store, name: 'Mercearia Renomeada' };
    expect(res.body).toEqual(renamed);
    expect((await get(token)).body).toEqual(renamed);
    // The storefront's 'Pedir pelo WhatsApp' link still has its number.
    expect(renamed.phone).toBe('2134567890');

    const phoneOnly = await t.call('PUT', '/api/stores/me', { phone: '(11) 98765-4321' }, token);
    expect(phoneOnly.body).toEqual({ ...renamed, phone: '11987654321' });
  });

  it('clears a field sent as "" or null and keeps the ones left out', async () => {
    const { token, store } = await ownerWithStore();
    const res = await t.call('PUT', '/api/stores/me', { complemento: '', cnpj: null }, token);
    expect(res.status).toBe(200);
    expect((await get(token)).body).toEqual({ ...store, complemento: '', cnpj: '' });
  });

  it('keeps a closing before the opening as a span past midnight', async () => {
    const { token, store } = await ownerWithStore();
    const businessHours = {
      ...defaultBusinessHours(),
      sexta: { enabled: true, start: '18:00', end: '02:00' },
    };
    const res = await t.call('PUT', '/api/stores/me', { businessHours }, token);
    expect(res.status).toBe(200);
    expect((await get(token)).body).toEqual({ ...store, businessHours });
  });

  it('ignores fields that are not the store’s (no taking over ids or counters)', async () => {
    const { token, store } = await ownerWithStore();
    const res = await t.call(
      'PUT',
      '/api/stores/me',
      { ...storeData, userId: crypto.randomUUID(), slug: 'x', dailyCampaignLimit: '999' },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual(store);
  });

  it.each([
    ['+55 31 99876-1234', '31998761234'],
    ['55 (31) 99876-1234', '31998761234'],
    ['031 99876-1234', '31998761234'],
    ['(31) 9 9876-1234', '31998761234'],
    ['31998761234', '31998761234'],
    ['+55 (21) 3456-7890', '2134567890'],
  ])('keeps the national number of %s', async (phone, national) => {
    const { token } = await ownerWithStore();
    const res = await t.call('PUT', '/api/stores/me', { ...storeData, phone }, token);
    expect(res.status).toBe(200);
    expect((await get(token)).body.phone).toBe(national);
  });

  it('creates a store with a pasted phone as national digits', async () => {
    const { store } = await ownerWithStore({ phone: '+55 (31) 99876-1234' });
    expect(store.phone).toBe('31998761234');
  });

  const cases: Array<[string, unknown, string | RegExp]> = [
    ['blank name', { ...storeData, name: '' }, 'Nome da loja é obrigatório'],
    ['invalid CNPJ', { ...storeData, cnpj: '11222333000182' }, 'CNPJ inválido'],
    ['invalid phone', { ...storeData, phone: '(11) 8765-432' }, 'Telefone inválido'],
    // Issue 13: 'abc' used to be stored as an empty phone (200), losing the one saved.
    ['a phone with no digits', { ...storeData, phone: 'abc' }, 'Telefone inválido'],
    ['a foreign phone', { ...storeData, phone: '+1 415 555 2671' }, 'Telefone inválido'],
    ['a 100 kB phone', { ...storeData, phone: '9'.repeat(100_000) }, 'Telefone inválido'],
    ['invalid CEP', { ...storeData, cep: '123' }, 'CEP inválido'],
    ['invalid UF', { ...storeData, uf: 'S1' }, 'UF inválida'],
    [
      'malformed hours only',
      { businessHours: { ...defaultBusinessHours(), quarta: { enabled: true, start: '8h' } } },
      'Horário inválido (use HH:MM)',
    ],
    ['hours as text', { businessHours: 'sempre aberto' }, /Horário de funcionamento/],
    [
      'an open day that opens and closes at the same time',
      {
        businessHours: {
          ...defaultBusinessHours(),
          terca: { enabled: true, start: '09:00', end: '09:00' },
        },
      },
      'Terça-feira: a abertura e o fechamento não podem ser no mesmo horário',
    ],
    ['empty object', {}, 'Envie ao menos um dado da loja para alterar'],
    [
      'only unknown fields',
      { slug: 'x', userId: 'y' },
      'Envie ao menos um dado da loja para alterar',
    ],
    ['a blank name among other fields', { name: '  ', phone: '' }, 'Nome da loja é obrigatório'],
    ['a null name', { name: null }, 'Nome da loja é obrigatório'],
    ['array body', '[]', /inválid/i],
    ['invalid JSON', '{', 'Corpo da requisição inválido: envie JSON'],
  ];
  it.each(cases)('rejects %s with a 400 and changes nothing', async (_name, body, message) => {
    const { token, store } = await ownerWithStore();
    const res = await t.call('PUT', '/api/stores/me', body, token);
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body).toEqual({ message });
    else expect(res.body.message).toMatch(message);
    expect((await get(token)).body).toEqual(store);
  });
});

describe('PUT /api/stores/bot-config', () => {
  it('saves the assistant switch and texts', async () => {
    const { token } = await ownerWithStore();
    const botPersonalizacao = {
      mensagemBoasVindas: 'Seja cordial e ofereça o pão do dia.',
      tomVoz: '',
      informacoesImportantes: '',
    };
    const res = await t.call(
      'PUT',
      '/api/stores/bot-config',
      { botAtivo: true, botPersonalizacao },
      token,
    );
    expect(res.status).toBe(200);
    expect((await get(token)).body).toMatchObject({ botAtivo: true, botPersonalizacao });
  });

  // Issue 27: `{ botAtivo }` alone used to erase the assistant's texts.
  it('changes only what the body carries: the switch alone keeps the texts, a text alone the rest', async () => {
    const { token } = await ownerWithStore();
    const botPersonalizacao = {
      mensagemBoasVindas: 'Olá! Bem-vindo à mercearia.',
      tomVoz: 'simpático',
      informacoesImportantes: 'Entregamos no bairro.',
    };
    await t.call('PUT', '/api/stores/bot-config', { botAtivo: true, botPersonalizacao }, token);
    const off = await t.call('PUT', '/api/stores/bot-config', { botAtivo: false }, token);
    expect(off.status).toBe(200);
    expect((await get(token)).body).toMatchObject({ botAtivo: false, botPersonalizacao });
    const tone = await t.call(
      'PUT',
      '/api/stores/bot-config',
      { botPersonalizacao: { tomVoz: '' } },
      token,
    );
    expect(tone.status).toBe(200);
    expect((await get(token)).body).toMatchObject({
      botAtivo: false,
      botPersonalizacao: { ...botPersonalizacao, tomVoz: '' },
    });
    const empty = await t.call('PUT', '/api/stores/bot-config', {}, token);
    expect(empty).toMatchObject({
      status: 400,
      body: { message: 'Informe se o assistente está ativo' },
    });
  });

  it('rejects a missing switch', async () => {
    const { token } = await ownerWithStore();
    const res = await t.call('PUT', '/api/stores/bot-config', { botAtivo: 'sim' }, token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Informe se o assistente está ativo' });
  });
});

describe('GET /api/stores/public-url', () => {
  it('answers the storefront URL from an accent-free slug, unique per store', async () => {
    const a = await ownerWithStore();
    const b = await ownerWithStore();
    const urlA = (await t.call('GET', '/api/stores/public-url', undefined, a.token)).body.url;
    const urlB = (await t.call('GET', '/api/stores/public-url', undefined, b.token)).body.url;
    expect(urlA).toMatch(/^http:\/\/localhost:3000\/loja\/mercearia-acai-cia(-\d+)?$/);
    expect(urlB).toMatch(/^http:\/\/localhost:3000\/loja\/mercearia-acai-cia(-\d+)?$/);
    expect(urlA).not.toBe(urlB);
  });

  it('asks for the CNPJ when the store has none', async () => {
    const { token } = await ownerWithStore({ cnpj: '' });
    const res = await t.call('GET', '/api/stores/public-url', undefined, token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Cadastre o CNPJ da loja para gerar o QR Code' });
  });
});

describe('each owner only ever reaches their own store', () => {
  it('a token of another user never reads or changes this store', async () => {
    const owner = await ownerWithStore();
    const stranger = await ownerWithStore({ name: 'Loja do Vizinho' });
    await t.call('PUT', '/api/stores/me', { ...storeData, name: 'Invadida' }, stranger.token);
    await t.call('PUT', '/api/stores/bot-config', { botAtivo: true }, stranger.token);
    expect((await get(owner.token)).body).toEqual(owner.store);
    expect((await get(stranger.token)).body.name).toBe('Invadida');
  });

  it('a user without a store gets 404, not someone else’s store', async () => {
    await ownerWithStore();
    const reg = await t.call('POST', '/api/auth/register', {
      email: `sem-loja-${Date.now()}@exemplo.com.br`,
      password: 'segredo123',
    });
    const token = reg.body.token as string;
    for (const [method, path, body] of [
      ['GET', '/api/stores/me', undefined],
      ['PUT', '/api/stores/me', storeData],
      ['PUT', '/api/stores/bot-config', { botAtivo: true }],
      ['GET', '/api/stores/public-url', undefined],
    ] as const) {
      const res = await t.call(method, path, body, token);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toMatch(/^Loja não encontrada/);
    }
  });

  it('every store route needs a valid token', async () => {
    const { token } = await ownerWithStore();
    await t.call('POST', '/api/auth/logout', undefined, token);
    for (const [method, path] of [
      ['POST', '/api/stores'],
      ['GET', '/api/stores/me'],
      ['PUT', '/api/stores/me'],
      ['PUT', '/api/stores/bot-config'],
      ['GET', '/api/stores/public-url'],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      expect((await t.call(method, path, body)).status, `${method} ${path}`).toBe(401);
      const revoked = await t.call(method, path, body, token);
      expect(revoked.status, `${method} ${path} revoked`).toBe(401);
    }
  });
});

describe('settings PUTs under an Idempotency-Key', () => {
  // Found by the chaos test (tests/api/chaos.test.ts, issue 23): a phone's PUT whose answer was
  // lost is sent again later; it ran again and wrote its old body over another phone's change.
  it('answers a retried PUT from its key without writing it again over a later change', async () => {
    const owner = await createOwner(t);
    const put = (tone: string, key: string) =>
      send(t, 'PUT', '/api/stores/bot-config', {
        token: owner.token,
        headers: { 'Idempotency-Key': key },
        body: { botAtivo: false, botPersonalizacao: { tomVoz: tone } },
      });
    const first = await put('tom do celular A', 'key-a');
    expect(first.status).toBe(200);
    expect((await put('tom do celular B', 'key-b')).status).toBe(200);
    const retried = await put('tom do celular A', 'key-a');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retried.body).toEqual(first.body);
    const me = await send<StoreMe>(t, 'GET', '/api/stores/me', { token: owner.token });
    expect(me.body.botPersonalizacao.tomVoz).toBe('tom do celular B');
    // The same key on the other settings route is someone's bug, as on the catalogue.
    const other = await send(t, 'PUT', '/api/stores/me', {
      token: owner.token,
      headers: { 'Idempotency-Key': 'key-a' },
      body: { businessHours: defaultBusinessHours() },
    });
    expect(other.status).toBe(422);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '~/db/db';
import { defaultDeliverySettings } from '~/domain/delivery';
import { defaultBusinessHours } from '~/domain/hours';
import type { StoreMe } from '~/domain/schemas';
import { UnauthorizedError } from '~/lib/api';
import { cacheStore, fetchStore, swapOwner } from './store-cache';

const store: StoreMe = {
  name: 'Mercadinho da Ana',
  cnpj: '',
  phone: '',
  cep: '01310100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento: '',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
  businessHours: defaultBusinessHours(),
  botAtivo: false,
  botPersonalizacao: { mensagemBoasVindas: '', tomVoz: '', informacoesImportantes: '' },
  pixKey: '',
  orderMessages: {},
  delivery: defaultDeliverySettings(),
};

const answers: Array<Response | Error> = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(async () => {
  vi.stubGlobal('localStorage', { getItem: () => 'token-de-teste' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const next = answers.shift();
      if (!next || next instanceof Error) throw next ?? new TypeError('Failed to fetch');
      return next;
    }),
  );
  await db.meta.clear();
  await db.products.clear();
});

afterEach(() => {
  answers.length = 0;
  vi.unstubAllGlobals();
});

describe('the store lookup behind the session check', () => {
  it('answers the server store and keeps it for offline starts', async () => {
    answers.push(json(200, store));
    expect(await fetchStore()).toEqual({ hasStore: true, store });

    answers.push(new TypeError('Failed to fetch'));
    expect(await fetchStore()).toEqual({ hasStore: true, store });
  });

  it('sends an owner without a store to onboarding (404)', async () => {
    await cacheStore(store);
    answers.push(json(404, { message: 'Loja não encontrada. Conclua o cadastro da loja.' }));
    expect(await fetchStore()).toEqual({ hasStore: false, store: null });
    // …and remembers it for an offline start.
    answers.push(new TypeError('Failed to fetch'));
    expect(await fetchStore()).toEqual({ hasStore: false, store: null });
  });

  it('uses the cache when the server fails (5xx), but ends the session on 401', async () => {
    await cacheStore(store);
    answers.push(json(503, { message: 'Indisponível' }));
    expect((await fetchStore()).store?.name).toBe('Mercadinho da Ana');

    answers.push(json(401, { message: 'Sessão expirada' }));
    await expect(fetchStore()).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('signing in on a phone', () => {
  it('keeps the device data for the same account and empties it for another one', async () => {
    const product = {
      id: crypto.randomUUID(),
      name: 'Café',
      description: '',
      price: '10.00',
      priceCents: 1000,
      stock: null,
      active: 1 as const,
      searchKey: 'cafe',
      revision: 0,
      pending: 1 as const,
      updatedAt: Date.now(),
    };
    await swapOwner('user-a');
    await db.products.add(product);
    await swapOwner('user-a');
    expect(await db.products.count()).toBe(1);
    await swapOwner('user-b');
    expect(await db.products.count()).toBe(0);
  });
});

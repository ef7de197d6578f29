import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '~/db/db';
import { defaultBusinessHours } from '~/domain/hours';
import { createStoreFromDrafts, IncompleteStepError } from './api';
import { clearOnboardingDrafts, DRAFT_KEYS, saveDraft } from './drafts';

const fetchMock = vi.fn(
  async (_url: string, _init: RequestInit) => new Response('{"name":"ok"}', { status: 201 }),
);

const step1 = { name: 'Mercadinho da Ana', cnpj: '11.222.333/0001-81', phone: '(11) 9 8765-4321' };
const step2 = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento: '',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'sp',
};

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'token-de-teste' });
  fetchMock.mockClear();
  await db.drafts.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('creating the store from the onboarding drafts', () => {
  it('sends the store with clean digits, upper-case UF and the chosen hours', async () => {
    await saveDraft(DRAFT_KEYS.step1, step1);
    await saveDraft(DRAFT_KEYS.step2, step2);
    const hours = {
      ...defaultBusinessHours(),
      sabado: { enabled: false, start: '08:00', end: '12:00' },
    };
    await createStoreFromDrafts(hours);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/stores');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Mercadinho da Ana',
      cnpj: '11222333000181',
      phone: '11987654321',
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      numero: '1000',
      complemento: '',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      uf: 'SP',
      businessHours: hours,
    });
  });

  it('sends the owner back to the step whose draft is missing or invalid', async () => {
    await expect(createStoreFromDrafts(defaultBusinessHours())).rejects.toEqual(
      new IncompleteStepError('/onboarding/step1'),
    );
    await saveDraft(DRAFT_KEYS.step1, step1);
    await saveDraft(DRAFT_KEYS.step2, { ...step2, cep: '0131' });
    const error = await createStoreFromDrafts(defaultBusinessHours()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IncompleteStepError);
    expect((error as IncompleteStepError).step).toBe('/onboarding/step2');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('removes the three drafts once the store exists', async () => {
    await saveDraft(DRAFT_KEYS.step1, step1);
    await saveDraft(DRAFT_KEYS.step2, step2);
    await saveDraft(DRAFT_KEYS.step3, defaultBusinessHours());
    await db.drafts.put({ key: 'outra-coisa', value: 1, updatedAt: 0 });
    await clearOnboardingDrafts();
    expect((await db.drafts.toArray()).map((d) => d.key)).toEqual(['outra-coisa']);
  });
});

/** Online calls of onboarding: step 3's submit joins the three drafts, checks them, POST /api/stores (spec §7). */
import type { BusinessHours } from '~/domain/hours';
import { createStoreSchema, type StoreMe } from '~/domain/schemas';
import { ApiRequestError, apiRequest } from '~/lib/api';
import { fetchStore } from '~/lib/auth/store-cache';
import { DRAFT_KEYS, readDraft } from './drafts';

/** A draft of an earlier step is missing or invalid: the owner must go back there. */
export class IncompleteStepError extends Error {
  constructor(readonly step: '/onboarding/step1' | '/onboarding/step2') {
    super('Confira os dados desta etapa');
  }
}

const STEP1_FIELDS = new Set(['name', 'cnpj', 'phone']);

/**
 * The created store; null when the server already had one (409: a double submit or another tab)
 * and it cannot be read back now, so the owner carries on to the store all the same.
 */
export async function createStoreFromDrafts(businessHours: BusinessHours): Promise<StoreMe | null> {
  const [step1, step2] = await Promise.all([
    readDraft(DRAFT_KEYS.step1),
    readDraft(DRAFT_KEYS.step2),
  ]);
  const parsed = createStoreSchema.safeParse({ ...step1, ...step2, businessHours });
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.path[0];
    if (typeof first === 'string' && STEP1_FIELDS.has(first)) {
      throw new IncompleteStepError('/onboarding/step1');
    }
    if (first !== 'businessHours') throw new IncompleteStepError('/onboarding/step2');
  }
  const body = parsed.success ? parsed.data : { ...step1, ...step2, businessHours };
  try {
    return await apiRequest<StoreMe>('POST', '/api/stores', body);
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 409)) throw error;
    // The 409 says the store exists; not reading it now only means the next screen loads it.
    const found = await fetchStore().catch(() => null);
    return found?.store ?? null;
  }
}

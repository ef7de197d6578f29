/** Onboarding drafts in Dexie (db.drafts): what the owner typed survives reloads and going back. */
import { useEffect, useState } from 'react';
import { drafts } from '~/db/device-kv';

export const DRAFT_KEYS = {
  step1: 'onboarding_step1',
  step2: 'onboarding_step2',
  step3: 'onboarding_step3',
} as const;
export type DraftKey = (typeof DRAFT_KEYS)[keyof typeof DRAFT_KEYS];

export async function readDraft<T>(key: DraftKey): Promise<Partial<T> | null> {
  const row = await drafts.get(key);
  return row && typeof row.value === 'object' && row.value !== null
    ? (row.value as Partial<T>)
    : null;
}

export async function saveDraft(key: DraftKey, value: unknown): Promise<void> {
  await drafts.put({ key, value, updatedAt: Date.now() });
}

export async function clearOnboardingDrafts(): Promise<void> {
  await drafts.bulkDelete(Object.values(DRAFT_KEYS));
}

/** Loads a draft once; `null` while loading, then the defaults merged with what was saved. */
export function useDraft<T extends object>(key: DraftKey, defaults: T): T | null {
  const [value, setValue] = useState<T | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the defaults are read once per key
  useEffect(() => {
    let cancelled = false;
    readDraft<T>(key)
      // An unreadable draft (storage blocked or cleared) starts the step from its defaults.
      .catch(() => null)
      .then((saved) => {
        if (!cancelled) setValue({ ...defaults, ...saved });
      });
    return () => {
      cancelled = true;
    };
  }, [key]);
  return value;
}

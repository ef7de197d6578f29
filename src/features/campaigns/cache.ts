/** The last campaign history and daily limit seen online, kept on the device (Dexie db.meta) for offline. */
import { meta } from '~/db/device-kv';
import type { Campaign, DailyLimit } from './api';

const HISTORY_KEY = 'campaigns_history';
const LIMIT_KEY = 'campaigns_limit';
/** Enough for the first screens of history without storing every campaign ever made. */
export const HISTORY_CACHE_MAX = 100;

export type CachedHistory = { items: Campaign[]; savedAt: number };
export type CachedLimit = { limit: DailyLimit; savedAt: number };

export async function readCachedHistory(): Promise<CachedHistory | null> {
  const row = await meta.get(HISTORY_KEY);
  const value = row?.value as CachedHistory | undefined;
  return value && Array.isArray(value.items) ? value : null;
}

export async function saveCachedHistory(items: Campaign[]): Promise<void> {
  await meta.put({
    key: HISTORY_KEY,
    value: { items: items.slice(0, HISTORY_CACHE_MAX), savedAt: Date.now() },
  });
}

export async function readCachedLimit(): Promise<CachedLimit | null> {
  const row = await meta.get(LIMIT_KEY);
  const value = row?.value as CachedLimit | undefined;
  return value && typeof value.limit?.dailyLimit === 'number' ? value : null;
}

export async function saveCachedLimit(limit: DailyLimit): Promise<void> {
  await meta.put({ key: LIMIT_KEY, value: { limit, savedAt: Date.now() } });
}

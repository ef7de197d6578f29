/** The owner's store from GET /api/stores/me, cached in Dexie so the app still opens offline. */
import type { StoreMe } from '~/domain/schemas';
import { ApiRequestError, apiRequest, UnauthorizedError } from '~/lib/api';

// Dexie is loaded on demand: an anonymous first visit to /login must not ship it.
const deviceKv = () => import('~/db/device-kv');

const STORE_KEY = 'store';
const HAS_STORE_KEY = 'hasStore';
const OWNER_KEY = 'owner';

export type StoreLookup = { hasStore: boolean; store: StoreMe | null };

export async function cacheStore(store: StoreMe): Promise<void> {
  const { meta } = await deviceKv();
  await meta.bulkPut([
    { key: STORE_KEY, value: store },
    { key: HAS_STORE_KEY, value: true },
  ]);
}

export async function rememberHasStore(hasStore: boolean): Promise<void> {
  const { meta } = await deviceKv();
  await meta.put({ key: HAS_STORE_KEY, value: hasStore });
}

export async function cachedStore(): Promise<StoreMe | null> {
  const { meta } = await deviceKv();
  const row = await meta.get(STORE_KEY);
  return (row?.value as StoreMe | undefined) ?? null;
}

async function cachedLookup(): Promise<StoreLookup> {
  const store = await cachedStore();
  if (store) return { hasStore: true, store };
  const flag = await (await deviceKv()).meta.get(HAS_STORE_KEY);
  return { hasStore: flag?.value === true, store: null };
}

/**
 * Asks the server first; a 404 means onboarding is not done. On a network failure, a timeout or a
 * 5xx the last known answer is used, so an owner at the counter without signal still gets in.
 * A 401 is rethrown: the session is over.
 */
export async function fetchStore(timeoutMs = 8000): Promise<StoreLookup> {
  try {
    const store = await apiRequest<StoreMe>('GET', '/api/stores/me', undefined, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    await cacheStore(store);
    return { hasStore: true, store };
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    if (error instanceof ApiRequestError && error.status === 404) {
      await (await deviceKv()).meta.delete(STORE_KEY);
      await rememberHasStore(false);
      return { hasStore: false, store: null };
    }
    return cachedLookup();
  }
}

/** The account last signed in on this phone (to empty the device when another one signs in). */
export async function swapOwner(userId: string): Promise<void> {
  const { meta } = await deviceKv();
  const owner = await meta.get(OWNER_KEY);
  if (owner && owner.value !== userId) await (await deviceKv()).clearDeviceData();
  await meta.put({ key: OWNER_KEY, value: userId });
}

export async function clearDevice(): Promise<void> {
  await (await deviceKv()).clearDeviceData();
}

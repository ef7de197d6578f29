/** Session kept in localStorage ('token', 'userId', spec §3) and mirrored for the service worker. */
// Dexie is imported lazily so that the first load of /login does not ship it (150 KB budget).
import { clearSnapshot } from './first-screen-snapshot';

/**
 * Dispatched on window after a sign-in: the device's sync pulls and the worker's queue, waiting
 * for a new token, is nudged (the device store's link, src/db/sync-link.ts).
 */
export const SIGNED_IN_EVENT = 'tali:signed-in';

const TOKEN = 'token';
const USER_ID = 'userId';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN);
}

export function getSession(): { token: string; userId: string } | null {
  const token = localStorage.getItem(TOKEN);
  const userId = localStorage.getItem(USER_ID);
  return token && userId ? { token, userId } : null;
}

/** The worker cannot read localStorage: it reads the token from IndexedDB when replaying. */
export async function setSession(token: string, userId: string): Promise<void> {
  // A sign-in starts from the app's own screens: no snapshot of an earlier session survives it.
  clearSnapshot(localStorage);
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(USER_ID, userId);
  const { meta } = await import('~/db/device-kv');
  await meta.bulkPut([
    { key: 'token', value: token },
    // The worker compares it with the account that queued a mutation (see sw/replay.ts).
    { key: 'userId', value: userId },
  ]);
}

export async function clearSession(): Promise<void> {
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(USER_ID);
  // The products painted before the app (decision 028) belong to this session only.
  clearSnapshot(localStorage);
  localStorage.removeItem('onboarding_step1');
  localStorage.removeItem('onboarding_step2');
  const { meta } = await import('~/db/device-kv');
  await meta.bulkDelete(['token', 'userId']);
}

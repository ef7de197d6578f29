/// <reference lib="webworker" />
/**
 * `pushsubscriptionchange`: the browser replaced or expired the device's subscription (Firefox
 * does on its own schedule). The new one is registered with the server here, while no page is
 * open; otherwise the switch would read "on" while orders went to an endpoint that no longer is.
 * Offline (or a server error), the renewal waits in the device database and is tried again when
 * the page says it is back online (its REPLAY message) or on a Background Sync event.
 */
import type { TaliDb } from '../src/db/db';

/** The endpoint the renewal replaces (null: none known), kept until the server has the new one. */
export type PendingRenewal = { oldEndpoint: string | null };

export type RenewDeps = {
  pushManager: Pick<PushManager, 'subscribe' | 'getSubscription'>;
  fetch: (request: Request) => Promise<Response>;
  /** The session token the page keeps in the device database; null when signed out. */
  token: () => Promise<string | null>;
  /** A renewal that could not reach the server, kept for the next try. */
  pending: {
    get: () => Promise<PendingRenewal | null>;
    set: (renewal: PendingRenewal) => Promise<void>;
    clear: () => Promise<void>;
  };
  /** Asks the browser for a `sync` event when the network is back (Background Sync), if any. */
  requestRetry: () => Promise<void>;
  origin: string;
};

type Change = {
  oldSubscription: PushSubscription | null;
  newSubscription: PushSubscription | null;
};

/** The server said no (4xx): trying again would get the same answer. */
class RenewalRefused extends Error {}

async function serverKey(deps: RenewDeps, old: PushSubscription | null) {
  const kept = old?.options.applicationServerKey;
  if (kept) return kept;
  const res = await deps.fetch(new Request(`${deps.origin}/api/push/vapid-public-key`));
  if (!res.ok) throw new Error(`push: no server key (${res.status})`);
  const { publicKey } = (await res.json()) as { publicKey: string };
  return Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
    c.charCodeAt(0),
  );
}

/** POSTs the new subscription and DELETEs the old endpoint; throws RenewalRefused on a 4xx. */
async function register(
  deps: RenewDeps,
  token: string,
  fresh: PushSubscription,
  old: string | null,
) {
  const call = (method: string, body: unknown) =>
    deps.fetch(
      new Request(`${deps.origin}/api/push/subscriptions`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const saved = await call('POST', fresh.toJSON());
  if (saved.status >= 400 && saved.status < 500) {
    throw new RenewalRefused(`push: new subscription refused (${saved.status})`);
  }
  if (!saved.ok) throw new Error(`push: server unavailable (${saved.status})`);
  // The old endpoint is dead at the push service anyway: a failed DELETE is not retried.
  if (old && old !== fresh.endpoint) await call('DELETE', { endpoint: old }).catch(() => null);
}

/** Runs one try; a network failure or 5xx leaves the renewal pending and asks for a retry. */
async function attempt(
  deps: RenewDeps,
  renewal: PendingRenewal,
  fresh: () => Promise<PushSubscription>,
) {
  const token = await deps.token();
  // Signed out (Sair unsubscribes too): nobody to notify on this device.
  if (!token) return deps.pending.clear();
  try {
    await register(deps, token, await fresh(), renewal.oldEndpoint);
    await deps.pending.clear();
  } catch (error) {
    if (error instanceof RenewalRefused) {
      await deps.pending.clear();
      throw error;
    }
    await deps.pending.set(renewal);
    await deps.requestRetry().catch(() => null);
  }
}

/** Subscribes again if the browser did not, registers the new endpoint and forgets the old. */
export function renewSubscription(deps: RenewDeps, change: Change): Promise<void> {
  const renewal = { oldEndpoint: change.oldSubscription?.endpoint ?? null };
  return attempt(
    deps,
    renewal,
    async () =>
      change.newSubscription ??
      (await deps.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: await serverKey(deps, change.oldSubscription),
      })),
  );
}

/** The waiting renewal, if any, with the browser's current subscription (or a new one). */
export async function retryRenewal(deps: RenewDeps): Promise<void> {
  const renewal = await deps.pending.get();
  if (!renewal) return;
  await attempt(deps, renewal, async () => {
    const current = await deps.pushManager.getSubscription();
    if (current) return current;
    return deps.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await serverKey(deps, null),
    });
  });
}

export const RENEWAL_KEY = 'pushRenewal';
export const RENEWAL_SYNC_TAG = 'tali-push-renewal';

/** The token and the pending renewal, read from the worker's one device database handle. */
export function deviceRenewalStore(db: TaliDb): Pick<RenewDeps, 'token' | 'pending'> {
  return {
    token: () =>
      db.meta.get('token').then((row) => {
        return typeof row?.value === 'string' && row.value ? row.value : null;
      }),
    pending: {
      get: async () => {
        const row = await db.meta.get(RENEWAL_KEY);
        const value = row?.value as PendingRenewal | undefined;
        return value && typeof value === 'object'
          ? { oldEndpoint: value.oldEndpoint ?? null }
          : null;
      },
      set: async (renewal) => {
        await db.meta.put({ key: RENEWAL_KEY, value: renewal });
      },
      clear: async () => {
        await db.meta.delete(RENEWAL_KEY);
      },
    },
  };
}

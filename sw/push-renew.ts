/// <reference lib="webworker" />
/**
 * `pushsubscriptionchange`: the browser replaced or expired the device's subscription (Firefox
 * does on its own schedule). The new one is registered with the server here, while no page is
 * open; otherwise the switch would read "on" while orders went to an endpoint that no longer is.
 */
import { TaliDb } from '../src/db/db';

export type RenewDeps = {
  pushManager: Pick<PushManager, 'subscribe'>;
  fetch: (request: Request) => Promise<Response>;
  /** The session token the page keeps in the device database; null when signed out. */
  token: () => Promise<string | null>;
  origin: string;
};

type Change = {
  oldSubscription: PushSubscription | null;
  newSubscription: PushSubscription | null;
};

async function serverKey(deps: RenewDeps, old: PushSubscription | null) {
  const kept = old?.options.applicationServerKey;
  if (kept) return kept;
  const res = await deps.fetch(new Request(`${deps.origin}/api/push/vapid-public-key`));
  const { publicKey } = (await res.json()) as { publicKey: string };
  return Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
    c.charCodeAt(0),
  );
}

/** Subscribes again if the browser did not, registers the new endpoint and forgets the old. */
export async function renewSubscription(deps: RenewDeps, change: Change): Promise<void> {
  const token = await deps.token();
  // Signed out (Sair unsubscribes too): nobody to notify on this device.
  if (!token) return;
  const fresh =
    change.newSubscription ??
    (await deps.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: await serverKey(deps, change.oldSubscription),
    }));
  const call = (method: string, body: unknown) =>
    deps.fetch(
      new Request(`${deps.origin}/api/push/subscriptions`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  const saved = await call('POST', fresh.toJSON());
  if (!saved.ok) throw new Error(`push: new subscription refused (${saved.status})`);
  const old = change.oldSubscription;
  if (old && old.endpoint !== fresh.endpoint) await call('DELETE', { endpoint: old.endpoint });
}

/** The worker's token reader: the same device database the page mirrors the session into. */
export function deviceToken(): Promise<string | null> {
  return new TaliDb().meta.get('token').then((row) => {
    return typeof row?.value === 'string' && row.value ? row.value : null;
  });
}

/**
 * Web Push on this device: whether the browser can, the device's subscription (the browser keeps
 * it, so the on/off state is per device by nature), and the server calls that register it.
 */
import { apiRequest } from '~/lib/api';

export type PushSupport = 'unsupported' | 'denied' | 'ready';

/** iOS has the Push API only in an installed app (16.4+); old browsers not at all. */
export function pushSupport(): PushSupport {
  if (
    typeof navigator === 'undefined' ||
    !('serviceWorker' in navigator) ||
    typeof window === 'undefined' ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'ready';
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** The device's subscription, or null when it has none (or no worker yet). */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** Tells the server about this device (an upsert: sending it again is harmless). */
function registerSubscription(subscription: PushSubscription): Promise<unknown> {
  return apiRequest('POST', '/api/push/subscriptions', subscription.toJSON());
}

export type EnableResult = 'subscribed' | 'denied' | 'no-worker';

/**
 * The device's subscription made with the server's current key. One made with another key (the
 * server's keys were replaced) is dropped and made again: pushes signed with the new key would
 * be refused for it.
 */
async function subscribeWithServerKey(reg: ServiceWorkerRegistration): Promise<PushSubscription> {
  const { publicKey } = await apiRequest<{ publicKey: string }>(
    'GET',
    '/api/push/vapid-public-key',
  );
  const key = keyBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return existing;
  if (existing) await existing.unsubscribe();
  return reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/**
 * Asks permission, subscribes and registers the device. If the server refuses, the device is
 * unsubscribed again so the switch never shows on while nothing would arrive.
 */
export async function enablePush(): Promise<EnableResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const reg = await registration();
  if (!reg) return 'no-worker';
  const subscription = await subscribeWithServerKey(reg);
  try {
    await registerSubscription(subscription);
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  return 'subscribed';
}

/**
 * A device already subscribed, seen again (the settings screen opens): renewed if the server's
 * key changed, and registered again (an upsert), since the server may have lost it (moved to
 * another store, dropped after an error).
 */
export async function refreshDevice(): Promise<void> {
  const reg = await registration();
  if (!reg || !(await reg.pushManager.getSubscription())) return;
  await registerSubscription(await subscribeWithServerKey(reg));
}

/**
 * Stops notifications on this device. The browser's unsubscribe comes first and works offline:
 * once it is done the push service answers 410 for the endpoint, and the server forgets it at
 * the next order even if the DELETE below never arrives.
 */
export async function disablePush(): Promise<void> {
  if (pushSupport() === 'unsupported') return;
  const subscription = await deviceSubscription();
  if (!subscription) return;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  const request = apiRequest(
    'DELETE',
    '/api/push/subscriptions',
    { endpoint },
    // Sign-out waits for this: a slow network must not hold the owner on the screen.
    { signal: AbortSignal.timeout(5000) },
  );
  await request.catch((error: unknown) => {
    // Offline or refused: harmless, see above (the next push to it is a 410 and drops it).
    console.info('push: DELETE not sent, the server drops the device at its next push', error);
  });
}

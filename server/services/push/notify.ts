/** Sends Web Push notifications to a store's devices: new orders, and any payload (sendToStore). */
import type { Agent } from 'node:https';
import webpush from 'web-push';
import { formatBRL, fromCents } from '../../../src/domain/money';
import type { Db } from '../../db/client';
import { errorSummary, logger } from '../../logger';
import { vapidKeys } from './keys';
import { dropSubscription, storeSubscriptions } from './subscriptions';

// From the default export: the server bundle keeps web-push (CommonJS) external, and its
// default export is what Node's ESM loader always gives for such a module.
const { WebPushError } = webpush;

/** What the service worker shows (sw/push-events.ts reads the same fields). */
export type PushPayload = {
  title: string;
  body: string;
  /** The app screen a tap opens (same origin path). */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag?: string;
};

export type PushSendOptions = {
  /** Tests: an HTTPS agent that trusts a local push service's certificate. */
  agent?: Agent;
  /** Tests: a shorter wait for a push service that does not answer. */
  timeoutMs?: number;
};

export type PushReport = { sent: number; gone: number; failed: number };

/**
 * A day: an order notification still helps the owner whose phone was off for the night; after
 * that the orders screen has it. The push service drops it when the TTL passes undelivered.
 */
const TTL_SECONDS = 86_400;
/** A push service that does not answer in this long is given up on (for this try). */
const TIMEOUT_MS = 10_000;

/** Only the host: the endpoint's path is the device's capability and stays out of logs. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}

type Device = Awaited<ReturnType<typeof storeSubscriptions>>[number];
type Keys = Awaited<ReturnType<typeof vapidKeys>>;

/**
 * What one push to one device came to: `sent`; `gone` (404/410: the row is deleted); `retry`
 * (429, 5xx, no answer: worth another try, `afterMs` from Retry-After when given); `failed`
 * (any other refusal: another try would be refused the same way).
 */
export type DeviceOutcome =
  | { kind: 'sent' | 'gone' | 'failed' }
  | { kind: 'retry'; afterMs: number | null };

function retryAfterMs(headers: unknown): number | null {
  const value = (headers as Record<string, string | undefined> | undefined)?.['retry-after'];
  const seconds = Number(value);
  return value && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** One push to one device; never throws (failures are logged by status and host only). */
export async function pushToDevice(
  db: Db,
  storeId: string,
  sub: Device,
  body: string,
  keys: Keys,
  options: PushSendOptions = {},
): Promise<DeviceOutcome> {
  try {
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      body,
      {
        vapidDetails: keys,
        TTL: TTL_SECONDS,
        // An order waits for someone: wake the phone (RFC 8030 §5.3).
        urgency: 'high',
        contentEncoding: 'aes128gcm',
        timeout: options.timeoutMs ?? TIMEOUT_MS,
        ...(options.agent ? { agent: options.agent } : {}),
      },
    );
    return { kind: 'sent' };
  } catch (error) {
    const status = error instanceof WebPushError ? error.statusCode : null;
    if (status === 404 || status === 410) {
      await dropSubscription(db, sub.id, sub.p256dh);
      return { kind: 'gone' };
    }
    // WebPushError's message and fields carry the endpoint: only its status and host are logged.
    logger.warn('push send failed', {
      storeId,
      host: hostOf(sub.endpoint),
      ...(status !== null ? { status } : { error: errorSummary(error) }),
    });
    if (status === null || status === 429 || status >= 500) {
      const headers = error instanceof WebPushError ? error.headers : undefined;
      return { kind: 'retry', afterMs: status === 429 ? retryAfterMs(headers) : null };
    }
    return { kind: 'failed' };
  }
}

/**
 * Sends `payload` to every device subscribed for the store and waits for the answers, one try
 * each (the order notifications go through the outbox, outbox.ts, which retries). Never throws
 * for one device's failure.
 */
export async function sendToStore(
  db: Db,
  storeId: string,
  payload: PushPayload,
  options: PushSendOptions = {},
): Promise<PushReport> {
  const subscriptions = await storeSubscriptions(db, storeId);
  const report: PushReport = { sent: 0, gone: 0, failed: 0 };
  if (subscriptions.length === 0) return report;
  const keys = await vapidKeys(db);
  const body = JSON.stringify(payload);
  await Promise.all(
    subscriptions.map(async (sub) => {
      const outcome = await pushToDevice(db, storeId, sub, body, keys, options);
      if (outcome.kind === 'sent') report.sent += 1;
      else if (outcome.kind === 'gone') report.gone += 1;
      else report.failed += 1;
    }),
  );
  return report;
}

export type NewOrder = { id: string; code: string; totalCents: number };

/** The notification of a new order: 'Novo pedido P-4K7Q — R$ 45,90', opening its screen. */
export function newOrderPayload(order: NewOrder): PushPayload {
  return {
    title: `Novo pedido ${order.code} — ${formatBRL(fromCents(order.totalCents))}`,
    body: 'Toque para ver o pedido.',
    url: `/pedidos/${encodeURIComponent(order.id)}`,
    tag: `pedido-${order.id}`,
  };
}

/**
 * Tells the store's devices about a new order, in the background: call it after the order is
 * committed and do not await it (`void notifyNewOrder(...)`). It starts after the current work,
 * never throws, and its promise (for tests and shutdown) settles with what happened.
 */
export function notifyNewOrder(
  db: Db,
  storeId: string,
  order: NewOrder,
  options: PushSendOptions = {},
): Promise<PushReport> {
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => sendToStore(db, storeId, newOrderPayload(order), options))
    .catch((error: unknown) => {
      // The order is saved whatever happens here: a notification lost to a database or key
      // problem is logged, and the orders screen still shows the order.
      logger.error('push notify failed', { storeId, error: errorSummary(error) });
      return { sent: 0, gone: 0, failed: 0 };
    });
}

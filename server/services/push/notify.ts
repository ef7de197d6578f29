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
/** A push service that does not answer in this long is given up on (one try: best effort). */
const TIMEOUT_MS = 10_000;

/** Only the host: the endpoint's path is the device's capability and stays out of logs. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'invalid';
  }
}

/**
 * Sends `payload` to every device subscribed for the store and waits for the answers. A push
 * service answering 404/410 has forgotten the device: its row is deleted. Other failures are
 * logged (status and host only) and counted; this never throws for one device's failure.
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
        report.sent += 1;
      } catch (error) {
        if (
          error instanceof WebPushError &&
          (error.statusCode === 404 || error.statusCode === 410)
        ) {
          await dropSubscription(db, sub.id, sub.p256dh);
          report.gone += 1;
          return;
        }
        report.failed += 1;
        // WebPushError's message and fields carry the endpoint: only its status and host are logged.
        logger.warn('push send failed', {
          storeId,
          host: hostOf(sub.endpoint),
          ...(error instanceof WebPushError
            ? { status: error.statusCode }
            : { error: errorSummary(error) }),
        });
      }
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

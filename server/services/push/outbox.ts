/**
 * The outbox of new-order notifications (decision 018). The order's transaction writes a row
 * (`recordOrderNotification`), so a process that dies between the commit and the push still
 * notifies: whoever drains next (this process right after the commit, its own retry timer, or the
 * push-outbox job every minute in any process) sends it.
 *
 *   pending ──claim (lease)──▶ sending ──every device settled──▶ done
 *      ▲                          │ 429/5xx/no answer left, attempts < MAX
 *      └──── next_attempt_at ◀────┘ (backoff; a dead drainer's lease runs out)
 *                                 │ attempts = MAX or the push TTL passed ──▶ failed
 *
 * A device settles when its push service accepts (201), forgets it (404/410: dropped) or refuses
 * for good (other 4xx); it is recorded in push_deliveries and never sent that order again. Only
 * a process dying after the push service accepted and before the row is written can repeat one,
 * and the notification's tag makes the phone replace it rather than show two.
 */
import { and, eq, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushDeliveries, pushOutbox, pushSubscriptions } from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { errorSummary, logger } from '../../logger';
import { vapidKeys } from './keys';
import { type NewOrder, newOrderPayload, type PushSendOptions, pushToDevice } from './notify';

/** Tries per notification (about two hours of backoff in all). */
export const MAX_ATTEMPTS = 8;
/** The push TTL: after a day the orders screen has told the owner already. */
const GIVE_UP_AFTER_MS = 86_400_000;
/** A drainer that has not finished in this long is taken to be dead. */
const LEASE_MS = 60_000;
/** Retry waits: 5 s, 30 s, 2 min, 10 min, 30 min, then hourly. */
const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
/** Settled rows are deleted after this. */
const KEEP_SETTLED_MS = 7 * 86_400_000;
/** A push service's Retry-After is honoured up to this. */
const MAX_RETRY_AFTER_MS = 3_600_000;

export function backoffMs(attempts: number, retryAfterMs: number | null = null): number {
  const base = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? 5_000;
  return retryAfterMs === null ? base : Math.min(Math.max(base, retryAfterMs), MAX_RETRY_AFTER_MS);
}

/**
 * In the order's transaction: the notification is owed from the moment the order exists. A store
 * with no device subscribed owes nothing (no row, and the kick after the commit finds none).
 */
export async function recordOrderNotification(
  tx: Tx,
  storeId: string,
  order: NewOrder,
  now: Date,
): Promise<void> {
  const [device] = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.storeId, storeId))
    .limit(1);
  if (!device) return;
  await tx
    .insert(pushOutbox)
    .values({
      storeId,
      orderId: order.id,
      payload: JSON.stringify(newOrderPayload(order)),
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: pushOutbox.orderId });
}

export type DrainReport = {
  sent: number;
  gone: number;
  failed: number;
  /** When the row is due again (null: done, failed, or not ours to drain). */
  retryAt: Date | null;
};

type Options = PushSendOptions & { now?: () => Date };

const due = (now: Date) =>
  and(
    eq(pushOutbox.state, 'pending'),
    lte(pushOutbox.nextAttemptAt, now),
    or(isNull(pushOutbox.leaseUntil), lte(pushOutbox.leaseUntil, now)),
  );

/** Claims the row (one drainer at a time) and sends to every device not yet settled. */
export async function drainNotification(
  db: Db,
  where: { id: string } | { orderId: string },
  options: Options = {},
): Promise<DrainReport> {
  const clock = options.now ?? (() => new Date());
  const now = clock();
  const report: DrainReport = { sent: 0, gone: 0, failed: 0, retryAt: null };
  // The lease's end is this claim's token: a drainer whose lease ran out writes nothing after.
  const lease = new Date(now.getTime() + LEASE_MS + Math.floor(Math.random() * 1000));
  const [row] = await db
    .update(pushOutbox)
    .set({ leaseUntil: lease, attempts: sql`${pushOutbox.attempts} + 1` })
    .where(
      and(
        'id' in where ? eq(pushOutbox.id, where.id) : eq(pushOutbox.orderId, where.orderId),
        due(now),
      ),
    )
    .returning();
  if (!row) return report;
  const settled = db
    .select({ id: pushDeliveries.subscriptionId })
    .from(pushDeliveries)
    .where(eq(pushDeliveries.outboxId, row.id));
  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.storeId, row.storeId), notInArray(pushSubscriptions.id, settled)),
    );
  let retryAfter: number | null = null;
  let retrying = false;
  if (devices.length > 0) {
    const keys = await vapidKeys(db);
    await Promise.all(
      devices.map(async (device) => {
        const outcome = await pushToDevice(db, row.storeId, device, row.payload, keys, options);
        if (outcome.kind === 'retry') {
          retrying = true;
          if (outcome.afterMs !== null) retryAfter = Math.max(retryAfter ?? 0, outcome.afterMs);
          return;
        }
        report[outcome.kind] += 1;
        if (outcome.kind === 'gone') return; // its row is gone, and the delivery with it
        await db
          .insert(pushDeliveries)
          .values({ outboxId: row.id, subscriptionId: device.id })
          .onConflictDoNothing();
      }),
    );
  }
  const end = clock();
  const expired = end.getTime() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS;
  const retry = retrying && row.attempts < MAX_ATTEMPTS && !expired;
  if (retrying && !retry) {
    logger.warn('push notification given up', { storeId: row.storeId, attempts: row.attempts });
  }
  if (retrying) report.failed += 1;
  const nextAttemptAt = retry ? new Date(end.getTime() + backoffMs(row.attempts, retryAfter)) : end;
  const [kept] = await db
    .update(pushOutbox)
    .set({
      state: retry ? 'pending' : retrying ? 'failed' : 'done',
      nextAttemptAt,
      leaseUntil: null,
    })
    .where(and(eq(pushOutbox.id, row.id), eq(pushOutbox.leaseUntil, lease)))
    .returning({ id: pushOutbox.id });
  report.retryAt = retry && kept ? nextAttemptAt : null;
  return report;
}

/** Every notification due now (the job's run, and a start after a crash): at most `limit`. */
export async function drainDueNotifications(
  db: Db,
  /** `storeId`: one store's only (tests sharing a database). */
  options: Options & { limit?: number; storeId?: string } = {},
): Promise<{ drained: number; sent: number }> {
  const now = (options.now ?? (() => new Date()))();
  const rows = await db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(and(due(now), options.storeId ? eq(pushOutbox.storeId, options.storeId) : undefined))
    .orderBy(pushOutbox.nextAttemptAt)
    .limit(options.limit ?? 100);
  let sent = 0;
  for (const { id } of rows) sent += (await drainNotification(db, { id }, options)).sent;
  // Settled rows are kept a week (what happened to a notification), then go.
  await db
    .delete(pushOutbox)
    .where(
      and(
        inArray(pushOutbox.state, ['done', 'failed']),
        lte(pushOutbox.nextAttemptAt, new Date(now.getTime() - KEEP_SETTLED_MS)),
      ),
    );
  return { drained: rows.length, sent };
}

/** Retries this process waits for itself; longer ones are left to the job. */
const LOCAL_RETRY_MAX_MS = 5 * 60_000;
/** Each drain kicked here, so tests and shutdown can wait for them. */
const inFlight = new Set<Promise<unknown>>();

/**
 * Right after the order's commit, in the background: the customer's answer never waits on a push
 * service. Never throws; a short retry is scheduled here (unref'd), the rest is the job's.
 */
export function kickNotification(db: Db, orderId: string, options: Options = {}): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => drainNotification(db, { orderId }, options))
    .then((report) => {
      const wait = report.retryAt ? report.retryAt.getTime() - Date.now() : null;
      if (wait === null || wait > LOCAL_RETRY_MAX_MS) return;
      setTimeout(() => kickNotification(db, orderId, options), Math.max(0, wait)).unref();
    })
    .catch((error: unknown) => {
      // The row stays pending: the job sends it. The order itself is saved whatever happens.
      logger.error('push notify failed', { error: errorSummary(error) });
    })
    .finally(() => inFlight.delete(run));
  inFlight.add(run);
}

/** Tests: waits for the drains kicked so far. */
export async function settleKicked(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

/**
 * Sending the customer's order messages (issue 38) from their outbox (order-messages.ts), through
 * the store's WhatsApp gateway, one store at a time with the campaigns' pause between two messages:
 *
 *   pending ──store connected, claim (lease 60 s, attempts+1)──▶ sending ──gateway took it──▶ sent
 *     ▲   │ store not connected: stays pending, no attempt spent     │  │
 *     │   │ the order moved on while it waited (held) ──▶ dropped    │  └─ no answer (timeout, cut,
 *     │   │                                                          │     5xx) or the drainer died
 *     └── definite refusal, attempts < 6: backoff ◀──────────────────┘     mid-send ──▶ unknown
 *              attempts = 6 ──▶ failed
 *
 *   unknown: never sent again on a guess (decision 025's rule for the owner's replies). Settled by
 *   the gateway's echo of it (order-messages-reconcile.ts, from the webhook) or by a look-up at
 *   the gateway (`lookupSent`): found → sent; found marked not delivered → pending (a new try);
 *   nothing → looked up again every 10 min for a day, then left unknown ('não confirmada').
 *
 * A message owed while the store is connected always goes, in order, paced. One a drain found
 * the store disconnected for is *held* (`held_at`): on reconnect it goes only if still current —
 * a status notice while the order is in that status (a 'confirmado' is not sent after the order
 * was delivered); 'pedido recebido' unless the order was delivered or cancelled meanwhile (it
 * carries the Pix code and the link) — else it is dropped and noted on the order. Drainers: this
 * process after a commit (`kickOrderMessages`), the WhatsApp reconnecting, the order-messages job.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { STATUS_LABELS } from '../../../src/domain/order';
import { type NoticeKind, statusOfNotice } from '../../../src/domain/order-notices';
import type { Db } from '../../db/client';
import { orderMessages, orders } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import { GatewayOutcomeUnknownError, type WhatsAppGateway } from '../whatsapp/gateway';
import { logSent, recheckUnknown, settleAbandoned } from './order-messages-reconcile';

export type MessageDeps = {
  db: Db;
  gateway: WhatsAppGateway;
  now: () => Date;
  /** The pause between two messages of one store (the campaigns' minimum gap). */
  gapMs: number;
  /** The server is stopping: claim no further message, end the pause now (the job sends the rest). */
  stopping?: AbortSignal;
};

const LEASE_MS = 60_000;
export const MAX_MESSAGE_ATTEMPTS = 6;
const BACKOFF_MS = [10_000, 60_000, 300_000, 1_800_000, 3_600_000];

/** The order is still where the notice is about (else the notice is dropped, not sent late). */
export function stillCurrent(kind: NoticeKind, status: string): boolean {
  if (kind === 'novo') return status !== 'entregue' && status !== 'cancelado';
  return status === statusOfNotice(kind);
}

const due = (now: Date) =>
  and(
    eq(orderMessages.state, 'pending'),
    lte(orderMessages.nextAttemptAt, now),
    or(isNull(orderMessages.leaseUntil), lte(orderMessages.leaseUntil, now)),
  );

/** Work for a drain: a message due, an abandoned send, or an unknown one due for a look-up. */
const anyWork = (now: Date) =>
  or(
    due(now),
    and(eq(orderMessages.state, 'sending'), lte(orderMessages.leaseUntil, now)),
    and(eq(orderMessages.state, 'unknown'), lte(orderMessages.nextAttemptAt, now)),
  );

type Row = typeof orderMessages.$inferSelect;

async function settle(db: Db, row: Row, lease: Date, values: Partial<Row>) {
  await db
    .update(orderMessages)
    .set({ leaseUntil: null, ...values })
    .where(and(eq(orderMessages.id, row.id), eq(orderMessages.leaseUntil, lease)));
}

/** One claimed message: dropped if stale, else sent (or put back for a retry). */
async function sendOne(
  deps: MessageDeps,
  row: Row,
  lease: Date,
): Promise<'sent' | 'dropped' | 'retry'> {
  const { db } = deps;
  const [order] = await db
    .select({ status: orders.status, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, row.orderId))
    .limit(1);
  const status = order?.status ?? 'cancelado';
  if (row.heldAt && !stillCurrent(row.kind as NoticeKind, status)) {
    const label = STATUS_LABELS[status as keyof typeof STATUS_LABELS]?.toLowerCase() ?? status;
    await settle(db, row, lease, {
      state: 'dropped',
      settledAt: deps.now(),
      note: `Mensagem não enviada: o WhatsApp estava desconectado e o pedido já está ${label}.`,
    });
    return 'dropped';
  }
  let sent: { id: string | null } | undefined;
  try {
    sent = await deps.gateway.sendText({ id: row.storeId }, row.phone, row.text);
  } catch (error) {
    if (error instanceof GatewayOutcomeUnknownError) {
      // It may have gone: never sent again on a guess. The echo or a look-up settles it.
      logger.warn('order message outcome unknown', { storeId: row.storeId });
      await settle(db, row, lease, { state: 'unknown', nextAttemptAt: deps.now() });
      return 'retry';
    }
    const giveUp = row.attempts >= MAX_MESSAGE_ATTEMPTS;
    logger.warn('order message not sent', { storeId: row.storeId, error: errorSummary(error) });
    const wait = BACKOFF_MS[Math.min(row.attempts, BACKOFF_MS.length) - 1] ?? 10_000;
    await settle(db, row, lease, {
      state: giveUp ? 'failed' : 'pending',
      nextAttemptAt: new Date(deps.now().getTime() + wait),
      ...(giveUp
        ? { settledAt: deps.now(), note: 'Mensagem não enviada: o WhatsApp recusou.' }
        : {}),
    });
    return 'retry';
  }
  await settle(db, row, lease, { state: 'sent', settledAt: deps.now() });
  // In the chat's log like the assistant's turns (with the order's card): its echo is then known
  // as ours, not the owner's.
  await logSent(db, row, order?.customerId ?? null, sent?.id ?? null, deps.now());
  return 'sent';
}

async function connected(deps: MessageDeps, storeId: string): Promise<boolean> {
  try {
    return (await deps.gateway.state({ id: storeId })) === 'connected';
  } catch {
    return false;
  }
}

/** Sends a store's due messages, oldest first, paced; nothing while its WhatsApp is not connected. */
export async function drainStoreMessages(deps: MessageDeps, storeId: string) {
  const report = { sent: 0, dropped: 0 };
  await settleAbandoned(deps.db, storeId, deps.now());
  report.sent += await recheckUnknown(deps, storeId);
  const ids = await deps.db
    .select({ id: orderMessages.id })
    .from(orderMessages)
    .where(and(eq(orderMessages.storeId, storeId), due(deps.now())))
    .orderBy(asc(orderMessages.createdAt))
    .limit(50);
  if (ids.length === 0) return report;
  if (!(await connected(deps, storeId))) {
    // Held: on reconnect these go only if still current (the module's comment).
    await deps.db
      .update(orderMessages)
      .set({ heldAt: deps.now() })
      .where(
        and(
          eq(orderMessages.storeId, storeId),
          eq(orderMessages.state, 'pending'),
          isNull(orderMessages.heldAt),
        ),
      );
    return report;
  }
  for (const { id } of ids) {
    const now = deps.now();
    const lease = new Date(now.getTime() + LEASE_MS + Math.floor(Math.random() * 1000));
    const [row] = await deps.db
      .update(orderMessages)
      .set({ state: 'sending', leaseUntil: lease, attempts: sql`${orderMessages.attempts} + 1` })
      .where(and(eq(orderMessages.id, id), due(now)))
      .returning();
    if (!row) continue;
    const outcome = await sendOne(deps, row, lease);
    if (outcome === 'dropped') report.dropped += 1;
    if (outcome === 'retry') break;
    if (outcome === 'sent') {
      report.sent += 1;
      if (deps.gapMs > 0) await pause(deps.gapMs, deps.stopping);
      // Stopping: the rest wait for the job at the next start rather than hold the shutdown.
      if (deps.stopping?.aborted) break;
    }
  }
  return report;
}

/** Waits `ms`, or less when `stopping` is aborted meanwhile. */
function pause(ms: number, stopping: AbortSignal | undefined): Promise<void> {
  return delay(ms, undefined, { signal: stopping }).catch(() => undefined);
}

/** One drain per store at a time in this process; a kick during one runs it once more after. */
const running = new Map<string, { again: boolean; done: Promise<void> }>();

export function kickOrderMessages(deps: MessageDeps, storeId: string): void {
  const current = running.get(storeId);
  if (current) {
    current.again = true;
    return;
  }
  const entry = { again: false, done: Promise.resolve() };
  entry.done = (async () => {
    await new Promise((r) => setImmediate(r));
    do {
      entry.again = false;
      await drainStoreMessages(deps, storeId).catch((error: unknown) =>
        logger.error('order messages drain failed', { storeId, error: errorSummary(error) }),
      );
    } while (entry.again && !deps.stopping?.aborted);
    running.delete(storeId);
  })();
  running.set(storeId, entry);
}

/** Tests and shutdown: waits for the drains kicked so far. */
export async function settleOrderMessages(): Promise<void> {
  while (running.size > 0) await Promise.all([...running.values()].map((r) => r.done));
}

/** The job: every store with a message due. */
export async function drainDueOrderMessages(deps: MessageDeps) {
  const stores = await deps.db
    .selectDistinct({ storeId: orderMessages.storeId })
    .from(orderMessages)
    .where(anyWork(deps.now()))
    .limit(200);
  let sent = 0;
  for (const { storeId } of stores) sent += (await drainStoreMessages(deps, storeId)).sent;
  return { stores: stores.length, sent };
}

/** The drainer's deps from the server's: the gap is the campaigns' minimum pause. */
export function orderMessageDeps(services: {
  db: Db;
  gateway: WhatsAppGateway;
  now: () => Date;
  env: { CAMPAIGN_SEND_MIN_MS: number };
  stopping?: AbortSignal;
}): MessageDeps {
  return {
    db: services.db,
    gateway: services.gateway,
    now: services.now,
    gapMs: services.env.CAMPAIGN_SEND_MIN_MS,
    stopping: services.stopping,
  };
}

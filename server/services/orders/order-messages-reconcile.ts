/**
 * The order messages whose send has no known outcome ('unknown': the gateway's answer was lost, or
 * the drainer died mid-send). Never sent again on a guess; settled by what the gateway says later:
 *
 *   sending, lease over (drainer died) ──────────────────────────────▶ unknown
 *   unknown ── echo of it (fromMe, same number and text, webhook) ───▶ sent (its WhatsApp id)
 *   unknown ── look-up: the gateway has it ───────────────────────────▶ sent
 *   unknown ── look-up: the gateway has it marked not delivered ──────▶ pending (tried again)
 *   unknown ── look-up: nothing (or no look-up) ── every 10 min for a day, then left unknown
 *
 * Sent this way, the message is logged in the chat then (before the webhook's pipeline reads the
 * echo, so the echo is known as ours and not taken for the owner typing).
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderMessages, orders } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import { logTurn } from '../conversations/conversation-log';
import type { GatewayEvent, IncomingMessageEvent, WhatsAppGateway } from '../whatsapp/gateway';

type Deps = { db: Db; gateway: WhatsAppGateway; now: () => Date };

const RECHECK_EVERY_MS = 10 * 60_000;
/** After this long unconfirmed, a message is left unknown: the owner sees 'não confirmada'. */
export const RECHECK_FOR_MS = 24 * 60 * 60_000;

type Row = typeof orderMessages.$inferSelect;

/** In the chat's log like the assistant's turns: its echo is then known as ours, not the owner's. */
export async function logSent(
  db: Db,
  row: Pick<Row, 'storeId' | 'phone' | 'text' | 'orderId'>,
  customerId: string | null,
  gatewayMessageId: string | null,
  at: Date,
) {
  await logTurn(db, {
    storeId: row.storeId,
    customerId,
    phone: row.phone,
    direction: 'out',
    author: 'order',
    text: row.text,
    orderId: row.orderId,
    ...(gatewayMessageId ? { gatewayMessageId } : {}),
    at,
  });
}

/** Sends whose drainer died (lease over, never settled): their outcome is unknown. */
export async function settleAbandoned(db: Db, storeId: string, now: Date): Promise<void> {
  await db
    .update(orderMessages)
    .set({ state: 'unknown', leaseUntil: null, nextAttemptAt: now })
    .where(
      and(
        eq(orderMessages.storeId, storeId),
        eq(orderMessages.state, 'sending'),
        lte(orderMessages.leaseUntil, now),
      ),
    );
}

async function customerOf(db: Db, orderId: string): Promise<string | null> {
  const [order] = await db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return order?.customerId ?? null;
}

/** unknown → sent, once (a second settler finds it no longer unknown), and logged in the chat. */
async function confirm(db: Db, row: Row, gatewayId: string | null, now: Date): Promise<boolean> {
  const [won] = await db
    .update(orderMessages)
    .set({ state: 'sent', settledAt: now, note: null })
    .where(and(eq(orderMessages.id, row.id), eq(orderMessages.state, 'unknown')))
    .returning({ id: orderMessages.id });
  if (!won) return false;
  await logSent(db, row, await customerOf(db, row.orderId), gatewayId, now);
  return true;
}

/** Asks the gateway about the store's unknown messages due for a look-up; returns how many were sent. */
export async function recheckUnknown(deps: Deps, storeId: string): Promise<number> {
  const { db, gateway } = deps;
  const now = deps.now();
  const rows = await db
    .select()
    .from(orderMessages)
    .where(
      and(
        eq(orderMessages.storeId, storeId),
        eq(orderMessages.state, 'unknown'),
        lte(orderMessages.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(orderMessages.createdAt))
    .limit(20);
  let sent = 0;
  for (const row of rows) {
    const found = gateway.lookupSent
      ? await gateway
          .lookupSent({ id: storeId }, row.phone, row.text, row.createdAt)
          .catch((error: unknown) => {
            logger.warn('order message look-up failed', { error: errorSummary(error) });
            return 'unknown' as const;
          })
      : 'unknown';
    if (found === 'sent' && (await confirm(db, row, null, now))) sent++;
    else if (found === 'failed') {
      // WhatsApp has it as not delivered: nothing reached the customer, a new try is no guess.
      await db
        .update(orderMessages)
        .set({ state: 'pending', nextAttemptAt: now })
        .where(and(eq(orderMessages.id, row.id), eq(orderMessages.state, 'unknown')));
    } else {
      const expired = now.getTime() - row.createdAt.getTime() > RECHECK_FOR_MS;
      await db
        .update(orderMessages)
        .set(
          expired
            ? { nextAttemptAt: new Date('9999-12-31T00:00:00Z') }
            : { nextAttemptAt: new Date(now.getTime() + RECHECK_EVERY_MS) },
        )
        .where(and(eq(orderMessages.id, row.id), eq(orderMessages.state, 'unknown')));
    }
  }
  return sent;
}

const isOwnText = (e: GatewayEvent): e is IncomingMessageEvent =>
  e.type === 'message' && e.fromMe && !e.isGroup && Boolean(e.text) && Boolean(e.from);

/**
 * The webhook's events, before the pipeline reads them: an echo of an unknown message (the phone
 * sent it: same number and text, within the look-up window) settles it as sent with its id.
 */
export async function confirmEchoes(
  db: Db,
  storeId: string,
  events: readonly GatewayEvent[],
  now: Date,
): Promise<number> {
  const echoes = events.filter(isOwnText);
  if (echoes.length === 0) return 0;
  const rows = await db
    .select()
    .from(orderMessages)
    .where(
      and(
        eq(orderMessages.storeId, storeId),
        inArray(orderMessages.state, ['unknown', 'sending']),
        inArray(
          orderMessages.phone,
          echoes.map((e) => e.from),
        ),
        gte(orderMessages.createdAt, new Date(now.getTime() - RECHECK_FOR_MS)),
      ),
    );
  let confirmed = 0;
  for (const echo of echoes) {
    const row = rows.find((r) => r.phone === echo.from && r.text === echo.text);
    // A send still on the wire ('sending') settles itself when its answer comes.
    if (row?.state === 'unknown' && (await confirm(db, row, echo.id, now))) confirmed++;
  }
  return confirmed;
}

/**
 * Drizzle schema: the outbox of the customer's WhatsApp messages about their order (issue 38).
 * One row per order and notice kind, written in the transaction of the change that owes it: the
 * unique key makes a replayed change owe nothing more.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, belongsTo, createdAt } from './schema-columns';
import { orders } from './schema-orders';
import { storeOwned } from './schema-store-columns';

export const orderMessages = pgTable(
  'order_messages',
  {
    ...storeOwned(),
    orderId: belongsTo('order_id', () => orders.id),
    /** NoticeKind (src/domain/order-notices.ts): novo, confirmado, pronto_*, entregue, cancelado. */
    kind: text('kind').notNull(),
    /** National digits of the customer's WhatsApp. */
    phone: text('phone').notNull(),
    /** Composed when owed, from the owner's text of that moment. */
    text: text('text').notNull(),
    /** pending → sending → sent | dropped (no longer current) | failed (gave up). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    leaseUntil: at('lease_until'),
    /**
     * When a drain first found the store's WhatsApp not connected: from then on the message goes
     * only if still current when it reconnects (a message owed while connected always goes).
     */
    heldAt: at('held_at'),
    /** Sent, dropped or failed: when; and, for dropped/failed, why (the order page notes it). */
    settledAt: at('settled_at'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_messages_order_kind_idx').on(t.orderId, t.kind),
    index('order_messages_due_idx').on(t.state, t.nextAttemptAt),
  ],
);

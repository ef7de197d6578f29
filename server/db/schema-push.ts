/** Web Push: the server's VAPID keys and the owners' devices subscribed to new-order notifications. */
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { userRef } from './schema-accounts';
import { at, belongsTo, createdAt, updatedAt } from './schema-columns';
import { orders } from './schema-orders';
import { storeOwned } from './schema-store-columns';

/**
 * One row (id 1): the VAPID key pair every API process signs with. Kept with the data so a
 * restart or a second process keeps the keys browsers subscribed with (new keys would silently
 * orphan every subscription). The private key is never logged nor sent to a client.
 */
export const pushKeys = pgTable('push_keys', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  /** VAPID `sub`: a mailto: or https: contact the push services may use (RFC 8292). */
  subject: text('subject').notNull(),
  createdAt: createdAt(),
});

/**
 * A device's push subscription. The endpoint identifies the device's browser profile, so it is
 * unique across stores: the same device subscribing for another store moves to it (the previous
 * owner's orders stop reaching a phone that is no longer theirs).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    ...storeOwned(),
    userId: userRef(),
    /** A capability URL (whoever holds it and the keys can push): never logged. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('push_subscriptions_store_idx').on(t.storeId)],
);

/**
 * The outbox of new-order notifications (decision 018): a row written in the order's own
 * transaction, so a process that dies after the commit still notifies (the push-outbox job
 * drains what is due). pending → (sent to every device | gave up) → done / failed.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    ...storeOwned(),
    /** One notification per order. */
    orderId: belongsTo('order_id', () => orders.id).unique(),
    /** The JSON the service worker shows (title, body, url, tag). */
    payload: text('payload').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** A drainer holds the row until then; a dead one's lease simply runs out. */
    leaseUntil: at('lease_until'),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_due_idx').on(t.state, t.nextAttemptAt)],
);

/** A device that accepted an order's notification: never sent to it again. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    outboxId: belongsTo('outbox_id', () => pushOutbox.id),
    subscriptionId: belongsTo('subscription_id', () => pushSubscriptions.id),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.outboxId, t.subscriptionId] })],
);

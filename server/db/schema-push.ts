/** Web Push: the server's VAPID keys and the owners' devices subscribed to new-order notifications. */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { userRef } from './schema-accounts';
import { createdAt, updatedAt } from './schema-columns';
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

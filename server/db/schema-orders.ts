/** Drizzle schema, orders from the storefront (issue 20): a synced entity and its items (a child). */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from './schema-accounts';
import { createdAt, revision, updatedAt } from './schema-columns';

export const orders = pgTable(
  'orders',
  {
    /** Made by the server when the order is placed. */
    id: uuid('id').primaryKey(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: text('status').notNull().default('novo'),
    /** The customer found by phone or created; null once that customer is deleted. */
    customerId: uuid('customer_id'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    delivery: text('delivery').notNull(),
    address: text('address'),
    note: text('note').notNull().default(''),
    total: numeric('total', { precision: 10, scale: 2 }).notNull(),
    campaignId: uuid('campaign_id'),
    revision: revision(),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: updatedAt(),
    /** Orders are not deleted today; the column is the synced entities' tombstone. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_store_revision_idx').on(t.storeId, t.revision),
    index('orders_store_created_idx').on(t.storeId, t.createdAt),
    // A code names one order of its store: the placing service draws again on a clash.
    uniqueIndex('orders_store_code_idx').on(t.storeId, t.code),
    index('orders_campaign_idx').on(t.campaignId).where(sql`${t.campaignId} IS NOT NULL`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    unitPrice: numeric('unit_price', { precision: 10, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.position)],
);

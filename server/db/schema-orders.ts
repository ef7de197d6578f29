/** Drizzle schema, orders from the storefront (issue 20): a synced entity and its items (a child). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, belongsTo, clientKey, deletedAt, money } from './schema-columns';
import { revisionIndex, syncedColumns } from './schema-store-columns';

export const orders = pgTable(
  'orders',
  {
    /** Made by the server when the order is placed. */
    id: clientKey(),
    code: text('code').notNull(),
    status: text('status').notNull().default('novo'),
    /** The customer found by phone or created; null once that customer is deleted. */
    customerId: uuid('customer_id'),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    delivery: text('delivery').notNull(),
    address: text('address'),
    /** The bairro the delivery fee was computed for (issue 38); null for pickup. */
    bairro: text('bairro'),
    /** Computed by the server from the store's zones; `total` = items + this. */
    deliveryFee: money('delivery_fee').notNull().default('0.00'),
    /** 'pix' | 'dinheiro' | 'cartao'; null for orders placed before issue 38. */
    paymentMethod: text('payment_method'),
    /** 'pendente' | 'pago': the owner marks it (PATCH /api/pedidos/:id). */
    paymentStatus: text('payment_status').notNull().default('pendente'),
    /** How many times the payment status changed: a change made from an older count is stale (409). */
    paymentChanges: integer('payment_changes').notNull().default(0),
    /** 'Troco para' (dinheiro): the note the customer pays with. */
    troco: money('troco'),
    /** The customer's private link's secret (/loja/:slug/pedido/:code?t=…); null before issue 38. */
    publicToken: text('public_token'),
    /** The order page's absolute address, fixed at placing (the messages carry it). */
    publicUrl: text('public_url'),
    note: text('note').notNull().default(''),
    total: money('total').notNull(),
    campaignId: uuid('campaign_id'),
    /** 'loja' (the storefront) | 'whatsapp' (the assistant's chat order, issue 39). */
    source: text('source').notNull().default('loja'),
    // The timeline: when each state was reached.
    confirmedAt: at('confirmed_at'),
    readyAt: at('ready_at'),
    deliveredAt: at('delivered_at'),
    cancelledAt: at('cancelled_at'),
    /** What the owner typed when cancelling (the customer's message carries it). */
    cancelReason: text('cancel_reason'),
    // Orders are not deleted today; `deletedAt` is the synced entities' tombstone.
    ...syncedColumns(),
  },
  (t) => [
    revisionIndex('orders', t),
    index('orders_store_created_idx').on(t.storeId, t.createdAt),
    // A code names one order of its store: the placing service draws again on a clash.
    uniqueIndex('orders_store_code_idx').on(t.storeId, t.code),
    index('orders_campaign_idx').on(t.campaignId).where(sql`${t.campaignId} IS NOT NULL`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: clientKey(),
    orderId: belongsTo('order_id', () => orders.id),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    unitPrice: money('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
    /**
     * Units this line took from the product's stock when the order was confirmed (0: untracked
     * then, or not confirmed); a cancel gives back exactly this and sets it to 0 (decision 018).
     */
    stockTaken: integer('stock_taken').notNull().default(0),
    deletedAt: deletedAt(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId, t.position)],
);

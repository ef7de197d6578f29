/** Drizzle schema, WhatsApp: the gateway link, receipts, conversation turns and the sandbox's deliveries. */
import { index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './schema-catalogue';
import { at, createdAt, updatedAt } from './schema-columns';
import { orders } from './schema-orders';
import { storeOwned, storeRef } from './schema-store-columns';

/** The store's link to its WhatsApp gateway instance. */
export const whatsappConnections = pgTable('whatsapp_connections', {
  storeId: storeRef().primaryKey(),
  provider: text('provider').notNull(),
  instanceName: text('instance_name').notNull(),
  /** Shared secret the gateway sends back in webhook headers. Never logged. */
  webhookSecret: text('webhook_secret').notNull(),
  state: text('state').notNull().default('disconnected'),
  connectedNumber: text('connected_number'),
  /**
   * When the gateway last called the store's webhook (any event): a gateway that says 'open'
   * but has not called for long and does not answer is not shown as connected.
   */
  lastEventAt: at('last_event_at'),
  updatedAt: updatedAt(),
});

/**
 * What WhatsApp said about a message the store sent (Evolution's messages.update), keyed by the
 * gateway's message id. Kept apart from the recipient rows so a receipt that arrives before the
 * send is recorded (or twice, or out of order) is never lost: the report joins on the id, and
 * each column is written once (the first time), so a status only moves forward.
 */
export const whatsappReceipts = pgTable(
  'whatsapp_receipts',
  {
    storeId: storeRef(),
    messageId: text('message_id').notNull(),
    deliveredAt: at('delivered_at'),
    readAt: at('read_at'),
    /** WhatsApp's ERROR: counted as not delivered only while no delivery was seen. */
    failedAt: at('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.messageId] })],
);

/** Every conversation turn with a customer: incoming, assistant replies, owner replies, campaigns. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    ...storeOwned(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    author: text('author')
      .$type<'customer' | 'assistant' | 'owner' | 'campaign' | 'order'>()
      .notNull(),
    text: text('text').notNull(),
    mediaUrl: text('media_url'),
    /**
     * The gateway's id of the WhatsApp message this turn came in as (Evolution's key.id), when
     * it came through a webhook: the gateway retries a delivery, and the same id is logged and
     * answered once (unique per store; NULLs, e.g. Talí's own turns, never collide).
     */
    gatewayMessageId: text('gateway_message_id'),
    /** An order this turn is about (its card in the thread). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /**
     * An owner's reply from the app: its Idempotency-Key (the reply is sent once per key) and
     * where the send stands: 'sending' (claimed), 'sent', 'unknown' (the gateway may have sent
     * it; never sent again on a guess). Null for every other turn.
     */
    clientKey: text('client_key'),
    sendState: text('send_state').$type<'sending' | 'sent' | 'unknown'>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversation_store_phone_idx').on(t.storeId, t.phone, t.createdAt),
    uniqueIndex('conversation_store_gateway_message_uq').on(t.storeId, t.gatewayMessageId),
    uniqueIndex('conversation_store_client_key_uq').on(t.storeId, t.clientKey),
  ],
);

/** What the built-in sandbox gateway "delivered": read by the sandbox page. */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    ...storeOwned(),
    toNumber: text('to_number').notNull(),
    text: text('text').notNull(),
    mediaUrl: text('media_url'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_messages_store_idx').on(t.storeId, t.createdAt)],
);

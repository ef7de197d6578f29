/**
 * Drizzle schema, a chat's cart (issue 39, decision 026): the order the assistant is taking in a
 * WhatsApp chat, kept until confirmed (an order), cancelled or expired. Server-only: the owner's
 * screen reads it online (GET /api/conversas/:phone/carrinho).
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CartItem } from '../../src/domain/chat-order/cart';
import { at, createdAt, updatedAt } from './schema-columns';
import { orders } from './schema-orders';
import { storeOwned } from './schema-store-columns';

export type CartState = 'open' | 'awaiting' | 'confirmed' | 'cancelled' | 'expired';
/** The question the cart's last reply asked (what a short answer like 'pix' or 'Centro' means). */
export type CartQuestion = 'product' | 'delivery' | 'address' | 'bairro' | 'payment' | 'confirm';
/** Two or more products fit what the customer named: the options asked, and the quantity. */
export type CartPending = { quantity: number; add: boolean; options: string[] };

export const chatCarts = pgTable(
  'chat_carts',
  {
    ...storeOwned(),
    /** The chat's number, as the turns have it. */
    phone: text('phone').notNull(),
    state: text('state').$type<CartState>().notNull().default('open'),
    items: jsonb('items').$type<CartItem[]>().notNull().default([]),
    pending: jsonb('pending').$type<CartPending | null>(),
    asked: text('asked').$type<CartQuestion | null>(),
    lastProductId: uuid('last_product_id'),
    /** 'entrega' | 'retirada', null until known. */
    delivery: text('delivery'),
    address: text('address'),
    bairro: text('bairro'),
    paymentMethod: text('payment_method'),
    /** Bumped by every write: a write made from an older read changes nothing (two at once). */
    version: integer('version').notNull().default(0),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** An open cart untouched until then is expired (read lazily, decision 026). */
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    // One live cart per chat: two first messages at once make one.
    uniqueIndex('chat_carts_live_uq')
      .on(t.storeId, t.phone)
      .where(sql`${t.state} in ('open', 'awaiting')`),
    index('chat_carts_store_phone_idx').on(t.storeId, t.phone, t.updatedAt),
  ],
);

/**
 * Drizzle schema, conversations (issue 37, decision 025): one row per chat (store + phone) with
 * what the turns in `conversation_messages` cannot say by themselves (read state, the hand-over
 * between assistant and owner), the store's hand-over time, and its quick replies.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './schema-catalogue';
import { at, createdAt, updatedAt, uuidKey } from './schema-columns';
import { revisionIndex, storeOwned, storeRef, syncedColumns } from './schema-store-columns';

/** 'order': the customer's own order messages (issue 38), sent by Talí at each step. */
export type TurnAuthor = 'customer' | 'assistant' | 'owner' | 'campaign' | 'order';

/** A chat: the store's WhatsApp conversation with one number. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuidKey(),
    /** As the turns have it: national digits (DDD + number) when Brazilian, else all digits. */
    phone: text('phone').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The name WhatsApp shows for the number (its push name), when the customer gave one. */
    pushName: text('push_name').notNull().default(''),
    lastMessageAt: at('last_message_at').notNull(),
    /** The last turn's text, capped like every turn (4,096 characters). */
    lastText: text('last_text').notNull().default(''),
    lastAuthor: text('last_author').$type<TurnAuthor>().notNull(),
    /** The customer's turns since the owner last read or answered the chat. */
    unread: integer('unread').notNull().default(0),
    /** The assistant could not answer, or the customer asked for a person ('atendente'). */
    needsHuman: boolean('needs_human').notNull().default(false),
    /** The assistant is quiet in this chat until then (the owner answered, or paused it). */
    assistantPausedUntil: at('assistant_paused_until'),
    /** Paused with no end: until the owner gives the chat back ('Devolver ao assistente'). */
    assistantOff: boolean('assistant_off').notNull().default(false),
    // A synced entity (decision 009): revision and tombstone; a tombstone keeps no phone.
    ...syncedColumns(),
  },
  (t) => [
    uniqueIndex('conversations_store_phone_uq')
      .on(t.storeId, t.phone)
      .where(sql`${t.deletedAt} IS NULL`),
    index('conversations_store_last_idx').on(t.storeId, t.lastMessageAt, t.id),
    revisionIndex('conversations', t),
  ],
);

/** The store's hand-over setting: how long the assistant stays quiet after the owner answers. */
export const conversationSettings = pgTable('conversation_settings', {
  storeId: storeRef().primaryKey(),
  pauseMinutes: integer('pause_minutes').notNull().default(30),
  /** Whether the default quick replies were given to the store (once, even if it deletes them). */
  quickRepliesSeeded: boolean('quick_replies_seeded').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A quick reply ('/horario' in the reply box): `{nome}`, `{loja}`, `{link_loja}` filled when used. */
export const quickReplies = pgTable(
  'quick_replies',
  {
    ...storeOwned(),
    shortcut: text('shortcut').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quick_replies_store_shortcut_uq').on(t.storeId, sql`lower(${t.shortcut})`)],
);

/**
 * A WhatsApp chat of the store as the registry syncs it (issue 37, decision 025): written by the
 * server only (turns logged, the owner's hand on it); the device reads it offline. Its actions
 * (reply, assistant, read) are routes of their own, not writes of the synced row.
 */
import { type FeedRowOf, type FieldsOfMap, field, type ListRowOf, syncedMap } from './sync/columns';
import { bodySchema, deviceRules, type LocalRowOf } from './sync/row-shape';

export const CONVERSATION_COLUMNS = syncedMap({
  /** National digits (DDD + number) when Brazilian, else all digits: the chat's address. */
  phone: field('text', 'phone', { initial: () => '' }),
  customerId: field('uuid', 'customer_id', { nullable: true, initial: () => null }),
  pushName: field('text', 'push_name', { initial: () => '' }),
  lastMessageAt: field('timestamp', 'last_message_at', {
    initial: (stamp: number) => new Date(stamp).toISOString(),
  }),
  lastText: field('text', 'last_text', { initial: () => '' }),
  lastAuthor: field('text', 'last_author', { initial: () => 'customer' }),
  unread: field('integer', 'unread', { initial: () => 0 }),
  needsHuman: field('boolean', 'needs_human', { initial: () => false }),
  assistantPausedUntil: field('timestamp', 'assistant_paused_until', {
    nullable: true,
    initial: () => null,
  }),
  assistantOff: field('boolean', 'assistant_off', { initial: () => false }),
});

/** Nothing of a chat is written through the synced row: its body is the id alone. */
export const conversationSchema = bodySchema(CONVERSATION_COLUMNS);

export type ApiConversation = ListRowOf<typeof CONVERSATION_COLUMNS>;
export type FeedConversation = FeedRowOf<typeof CONVERSATION_COLUMNS>;
export type ConversationFields = FieldsOfMap<typeof CONVERSATION_COLUMNS>;
export type LocalConversation = LocalRowOf<typeof CONVERSATION_COLUMNS>;

export const conversationRows = deviceRules(CONVERSATION_COLUMNS, { searchBy: 'pushName' });

/** What the registry entry holds besides the descriptor (src/domain/sync/registry.ts). */
export const conversationRules = {
  columns: CONVERSATION_COLUMNS,
  schema: conversationSchema,
  children: [],
  ...conversationRows,
};

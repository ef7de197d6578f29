/**
 * Chats as a synced table of the registry (decision 009's recipe, decision 025): the feed, the
 * one-row read and the serializers come from the column map. The device never writes a chat
 * through the mutation table: create, update and delete are 405 (the owner's actions on a chat
 * are routes of their own, each stamping a revision under the store's lock: chat-state.ts).
 */
import { CONVERSATION_COLUMNS } from '../../../src/domain/conversation';
import { CONVERSATIONS } from '../../../src/domain/sync/entities';
import { conversations } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { syncedTable } from '../sync/synced-table';

export const conversationTable = syncedTable({
  table: conversations,
  columns: CONVERSATION_COLUMNS,
  messages: CONVERSATIONS.messages,
});

export const CHATS_WRITTEN_BY_SERVER =
  'As conversas são escritas pelo WhatsApp: responda, pause o assistente ou marque como lida.';

const refused = (): never => {
  throw new ApiError(405, CHATS_WRITTEN_BY_SERVER);
};

/** The mutation table's entry: nothing of a chat is written through it. */
export function conversationMutations<H>(_crud: Record<'create' | 'update' | 'delete', H>) {
  return { create: refused, update: refused, delete: refused };
}

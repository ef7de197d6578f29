/**
 * The device's own tables for chats (issue 37, decision 025 "Device"), beside the synced
 * `conversations`: a chat's last page of turns as the server last answered it (read offline), and
 * the owner's replies not yet taken by the server (the outbox with the one-hour rule).
 */
import type { ChatTurn, ReplyState } from '~/domain/conversation-reply';

export type CachedThread = {
  phone: string;
  /** The newest page of turns, oldest first. */
  turns: ChatTurn[];
  /** The id to ask older turns before (null: none older). */
  before: string | null;
  /** When the server answered it (ms). */
  savedAt: number;
};

export type HeldReply = {
  /** The Idempotency-Key, made when the owner pressed send: the same for every try. */
  id: string;
  phone: string;
  text: string;
  /** When the owner sent it (ms): the one-hour rule counts from here. */
  createdAt: number;
  state: ReplyState;
  sendingSince?: number;
  /** Why the server refused it (shown under the reply). */
  error?: string;
  /** The refusal was 409: the store's WhatsApp is disconnected. */
  disconnected?: boolean;
};

/** The tables as Dexie declares them (db.ts, version 8). */
export const CONVERSATION_TABLES = {
  chatTurns: 'phone',
  chatReplies: 'id, phone, createdAt',
} as const;

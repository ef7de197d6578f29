/**
 * The store's chats on the device (issue 37): the synced `conversations` rows joined with the
 * customers and labels the phone already holds, newest first, and the chat's read state.
 */
import type { LocalConversation } from '~/domain/conversation';
import type { TurnAuthor } from '~/domain/conversation-reply';
import { assistantActive } from '~/domain/conversation-reply';
import { formatPhone } from '~/domain/phone';
import { searchKey } from '~/domain/text';
import type { TaliDb } from './db';

/** One line of the Conversas list. */
export type ChatListItem = {
  id: string;
  phone: string;
  /** The customer's name, else the WhatsApp push name, else the phone written out. */
  name: string;
  /** The customer's or push name, '' when only the phone is known (a reply's `{nome}`). */
  personName: string;
  customerId: string | null;
  lastText: string;
  lastAuthor: TurnAuthor;
  lastMessageAt: string;
  unread: number;
  needsHuman: boolean;
  assistantActive: boolean;
  /** Paused until this time (ISO), null when off until given back or when active. */
  pausedUntil: string | null;
  labels: string[];
  /** The name folded (accents, case) and the phone's digits, for the search. */
  searchKey: string;
};

export type ChatFilter = 'todas' | 'nao-lidas' | 'precisa';

function toItem(
  c: LocalConversation,
  customerName: string | undefined,
  labels: string[],
  now: number,
): ChatListItem {
  const name = customerName || c.pushName || formatPhone(c.phone);
  const active = assistantActive(c, now);
  return {
    id: c.id,
    phone: c.phone,
    name,
    personName: customerName || c.pushName,
    customerId: customerName ? c.customerId : null,
    lastText: c.lastText,
    lastAuthor: c.lastAuthor as TurnAuthor,
    lastMessageAt: c.lastMessageAt,
    unread: c.unread,
    needsHuman: c.needsHuman === 1,
    assistantActive: active,
    pausedUntil: !active && !c.assistantOff ? c.assistantPausedUntil : null,
    labels,
    searchKey: `${searchKey(name)} ${searchKey(c.pushName)} ${c.phone}`,
  };
}

/** Every chat on the device, newest first, with its customer's name and labels. */
export async function readChatList(db: TaliDb, now = Date.now()): Promise<ChatListItem[]> {
  return db.transaction('r', [db.conversations, db.customers, db.labels], async () => {
    const chats = await db.conversations.orderBy('lastMessageAt').reverse().toArray();
    const ids = [...new Set(chats.flatMap((c) => (c.customerId ? [c.customerId] : [])))];
    const customers = await db.customers.bulkGet(ids);
    const byId = new Map(customers.flatMap((c) => (c ? [[c.id, c] as const] : [])));
    const labelNames = new Map((await db.labels.toArray()).map((l) => [l.id, l.name]));
    return chats.map((c) => {
      const customer = c.customerId ? byId.get(c.customerId) : undefined;
      const labels = (customer?.labels ?? []).flatMap((id) => {
        const name = labelNames.get(id);
        return name ? [name] : [];
      });
      return toItem(
        c,
        customer?.name,
        labels.sort((a, b) => a.localeCompare(b, 'pt-BR')),
        now,
      );
    });
  });
}

/** The chats the search and the filter keep (search by name, push name or 2+ digits of the phone). */
export function filterChats(
  chats: readonly ChatListItem[],
  query: string,
  filter: ChatFilter,
): ChatListItem[] {
  const key = searchKey(query);
  const digits = query.replace(/\D/g, '');
  return chats.filter((c) => {
    if (filter === 'nao-lidas' && c.unread === 0) return false;
    if (filter === 'precisa' && !c.needsHuman) return false;
    if (!key) return true;
    if (digits.length >= 2 && c.phone.includes(digits)) return true;
    return c.searchKey.includes(key);
  });
}

/** One chat by its phone (the thread's header), or undefined when the device has none. */
export async function readChat(
  db: TaliDb,
  phone: string,
  now = Date.now(),
): Promise<ChatListItem | undefined> {
  const list = await db.conversations.where('phone').equals(phone).toArray();
  const chat = list[0];
  if (!chat) return undefined;
  const customer = chat.customerId ? await db.customers.get(chat.customerId) : undefined;
  const labels = customer?.labels?.length
    ? (await db.labels.bulkGet(customer.labels)).flatMap((l) => (l ? [l.name] : []))
    : [];
  return toItem(chat, customer?.name, labels, now);
}

/** The unread messages of every chat: the tab's badge. */
export async function unreadTotal(db: TaliDb): Promise<number> {
  let total = 0;
  await db.conversations.each((c) => {
    total += c.unread;
  });
  return total;
}

/**
 * Opening a chat reads it on this phone at once; POST .../lida (sent, or queued by the worker
 * offline) reads it on the others, and the next pull brings the server's count.
 */
export async function markReadOnDevice(db: TaliDb, phone: string): Promise<void> {
  await db.conversations.where('phone').equals(phone).modify({ unread: 0 });
}

/** What a thread's order card shows, for the orders the device has. */
export type ChatOrder = { id: string; code: string; total: string; status: string };

/** The orders of `ids` the device holds (a turn about an order shows its card). */
export async function readChatOrders(db: TaliDb, ids: readonly string[]): Promise<ChatOrder[]> {
  if (ids.length === 0) return [];
  const rows = await db.orders.bulkGet([...ids]);
  return rows.flatMap((o) =>
    o ? [{ id: o.id, code: o.code, total: o.total, status: o.status }] : [],
  );
}

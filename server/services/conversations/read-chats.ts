/**
 * GET /api/conversas and GET /api/conversas/:phone as plain reads (decision 025): the store's
 * chats newest first, a page at a time, and a chat's turns with their receipts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TurnAuthor } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { ApiError } from '../../lib/api-input';

export const CHAT_NOT_FOUND = 'Conversa não encontrada';

export type ChatFilter = 'nao-lidas' | 'precisa';
export type Receipt = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

export type ApiChat = {
  phone: string;
  name: string;
  customerId: string | null;
  lastMessage: { text: string; at: string; author: TurnAuthor };
  unread: number;
  needsHuman: boolean;
  assistant: { active: boolean; until: string | null };
  labels: { id: string; name: string }[];
};

export type ApiTurn = {
  id: string;
  author: TurnAuthor;
  text: string;
  at: string;
  /** Talí's own messages only: where WhatsApp says the message is; null for the customer's. */
  receipt: Receipt | null;
  mediaUrl: string | null;
  orderId: string | null;
};

type ChatRow = {
  id: string;
  phone: string;
  customer_name: string | null;
  push_name: string;
  customer_id: string | null;
  last_text: string;
  last_message_at: string | Date;
  last_author: TurnAuthor;
  unread: number;
  needs_human: boolean;
  assistant_off: boolean;
  assistant_paused_until: string | Date | null;
  labels: { id: string; name: string }[] | string | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function toChat(row: ChatRow, now: Date): ApiChat {
  const until = row.assistant_paused_until ? new Date(row.assistant_paused_until) : null;
  const paused = row.assistant_off || (until !== null && until > now);
  const labels = typeof row.labels === 'string' ? JSON.parse(row.labels) : row.labels;
  return {
    phone: row.phone,
    name: row.customer_name || row.push_name || row.phone,
    customerId: row.customer_name ? row.customer_id : null,
    lastMessage: { text: row.last_text, at: iso(row.last_message_at), author: row.last_author },
    unread: row.unread,
    needsHuman: row.needs_human,
    // `until` null while paused: until the owner gives the chat back.
    assistant: {
      active: !paused,
      until: paused && !row.assistant_off && until ? iso(until) : null,
    },
    labels: labels ?? [],
  };
}

const chatSelect = sql`
  select c.id, c.phone, cu.name as customer_name, c.push_name, c.customer_id, c.last_text,
    c.last_message_at, c.last_author, c.unread, c.needs_human, c.assistant_off,
    c.assistant_paused_until,
    (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name) order by l.name), '[]')
       from customer_labels cl join labels l on l.id = cl.label_id and l.deleted_at is null
       where cl.customer_id = cu.id) as labels
  from conversations c
  left join customers cu on cu.id = c.customer_id and cu.deleted_at is null`;

/** The cursor of a page: the last chat's time and id, opaque to the client. */
const encodeCursor = (at: string | Date, id: string) =>
  Buffer.from(`${iso(at)}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || Number.isNaN(Date.parse(at)) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new ApiError(400, 'Cursor inválido');
  }
  return { at, id };
}

/** `%q%` with LIKE's own characters taken literally. */
const likeAny = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type ListQuery = { q?: string; filtro?: ChatFilter; limit: number; cursor?: string };

export async function listChats(db: Db, storeId: string, query: ListQuery, now: Date) {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const q = query.q?.trim() ?? '';
  const digits = q.replace(/\D/g, '');
  const search = q
    ? sql`and (coalesce(cu.name, '') ilike ${likeAny(q)} or c.push_name ilike ${likeAny(q)}
          ${digits.length >= 2 ? sql`or c.phone like ${likeAny(digits)}` : sql``})`
    : sql``;
  const filter =
    query.filtro === 'nao-lidas'
      ? sql`and c.unread > 0`
      : query.filtro === 'precisa'
        ? sql`and c.needs_human`
        : sql``;
  const page = after
    ? sql`and (c.last_message_at, c.id) < (${after.at}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const rows = rowsOf<ChatRow>(
    await db.execute(sql`${chatSelect}
      where c.store_id = ${storeId} and c.deleted_at is null ${search} ${filter} ${page}
      order by c.last_message_at desc, c.id desc
      limit ${query.limit + 1}`),
  );
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    chats: shown.map((r) => toChat(r, now)),
    cursor: more && last ? encodeCursor(last.last_message_at, last.id) : null,
  };
}

/** One chat of the store, or 404 (another store's chat is not found either). */
export async function findChat(db: Db, storeId: string, phone: string, now: Date) {
  const [row] = rowsOf<ChatRow>(
    await db.execute(
      sql`${chatSelect} where c.store_id = ${storeId} and c.phone = ${phone} and c.deleted_at is null`,
    ),
  );
  if (!row) throw new ApiError(404, CHAT_NOT_FOUND);
  return toChat(row, now);
}

type TurnRow = {
  id: string;
  author: TurnAuthor;
  direction: 'in' | 'out';
  text: string;
  created_at: string | Date;
  media_url: string | null;
  order_id: string | null;
  send_state: 'sending' | 'sent' | 'unknown' | null;
  delivered_at: unknown;
  read_at: unknown;
  failed_at: unknown;
};

function receiptOf(row: TurnRow): Receipt | null {
  if (row.direction === 'in') return null;
  if (row.read_at) return 'read';
  if (row.delivered_at) return 'delivered';
  if (row.failed_at) return 'failed';
  return row.send_state === 'sending' || row.send_state === 'unknown' ? 'pending' : 'sent';
}

export const toTurn = (row: TurnRow): ApiTurn => ({
  id: row.id,
  author: row.author,
  text: row.text,
  at: iso(row.created_at),
  receipt: receiptOf(row),
  mediaUrl: row.media_url,
  orderId: row.order_id,
});

const turnSelect = sql`
  select m.id, m.author, m.direction, m.text, m.created_at, m.media_url, m.order_id,
    m.send_state, w.delivered_at, w.read_at, w.failed_at
  from conversation_messages m
  left join whatsapp_receipts w
    on m.direction = 'out' and w.store_id = m.store_id and w.message_id = m.gateway_message_id`;

/** A turn by its id (the reply's answer, a replay's). */
export async function turnById(db: Db, storeId: string, id: string): Promise<ApiTurn | null> {
  const [row] = rowsOf<TurnRow>(
    await db.execute(sql`${turnSelect} where m.store_id = ${storeId} and m.id = ${id}`),
  );
  return row ? toTurn(row) : null;
}

/** A chat's newest `limit` turns (before `older`'s turn when given), newest first. */
export async function turnRows(
  db: Db,
  storeId: string,
  phone: string,
  limit: number,
  older = sql``,
): Promise<TurnRow[]> {
  return rowsOf<TurnRow>(
    await db.execute(sql`${turnSelect}
      where m.store_id = ${storeId} and m.phone = ${phone} ${older}
      order by m.created_at desc, m.id desc
      limit ${limit}`),
  );
}

/**
 * A chat's turns, oldest first, the `limit` newest before the turn `before` (an id the previous
 * page gave); `before` in the answer asks for the page older than this one (null: no more).
 */
export async function chatTurns(
  db: Db,
  storeId: string,
  phone: string,
  page: { before?: string; limit: number },
  now: Date,
) {
  const chat = await findChat(db, storeId, phone, now);
  const older = page.before
    ? sql`and (m.created_at, m.id) < (select created_at, id from conversation_messages
           where store_id = ${storeId} and phone = ${phone} and id = ${page.before})`
    : sql``;
  const rows = await turnRows(db, storeId, phone, page.limit + 1, older);
  const more = rows.length > page.limit;
  const shown = rows.slice(0, page.limit).reverse();
  return { chat, turns: shown.map(toTurn), before: more ? (shown[0]?.id ?? null) : null };
}

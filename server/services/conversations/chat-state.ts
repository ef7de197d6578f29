/**
 * A chat's state beside its turns (decision 025): every logged turn moves the chat's last
 * message; a customer's adds to the unread count; the owner's (from the app or from the phone's
 * own WhatsApp) reads the chat and quiets the assistant for the store's hand-over time.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TurnAuthor } from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import { writeStore } from '../../db/store-write';
import { nextRevision } from '../sync/revision';

/** WhatsApp's own cap on a message body; every turn and reply is held to it. */
export const MAX_TEXT = 4096;
/** The hand-over time a store has until its owner sets another (minutes). */
export const DEFAULT_PAUSE_MINUTES = 30;

export type NotedTurn = {
  storeId: string;
  phone: string;
  customerId: string | null;
  author: TurnAuthor;
  text: string;
  at: Date;
  /** The WhatsApp push name of an incoming message ('' when none). */
  pushName?: string;
};

/** The store's hand-over time in minutes, as one SQL value (the default when never set). */
const pauseMinutesSql = (storeId: string) =>
  sql`coalesce((select pause_minutes from conversation_settings where store_id = ${storeId}), ${DEFAULT_PAUSE_MINUTES})`;

/**
 * Upserts the chat of a logged turn, in one statement (two webhooks of one chat at once each add
 * their own count). A turn older than the chat's last message (a late-logged campaign send)
 * counts but does not replace the last message.
 */
export async function noteTurn(db: Db, turn: NotedTurn): Promise<void> {
  const text = turn.text.slice(0, MAX_TEXT);
  const owner = turn.author === 'owner';
  const unread = turn.author === 'customer' ? 1 : 0;
  const pausedUntil = owner
    ? sql`${turn.at}::timestamptz + make_interval(mins => ${pauseMinutesSql(turn.storeId)})`
    : sql`null::timestamptz`;
  // A synced row (decision 009): its revision is drawn under the store's write lock.
  await writeStore(db, turn.storeId, (tx) =>
    tx.execute(sql`
    insert into conversations as c (store_id, phone, customer_id, push_name, last_message_at,
      last_text, last_author, unread, assistant_paused_until, revision, updated_at)
    values (${turn.storeId}, ${turn.phone}, ${turn.customerId}, ${turn.pushName ?? ''}, ${turn.at},
      ${text}, ${turn.author}, ${unread}, ${pausedUntil}, ${nextRevision(tx)}, ${turn.at})
    on conflict (store_id, phone) where deleted_at is null do update set
      customer_id = coalesce(excluded.customer_id, c.customer_id),
      push_name = case when excluded.push_name <> '' then excluded.push_name else c.push_name end,
      last_text = case when excluded.last_message_at >= c.last_message_at
        then excluded.last_text else c.last_text end,
      last_author = case when excluded.last_message_at >= c.last_message_at
        then excluded.last_author else c.last_author end,
      last_message_at = greatest(c.last_message_at, excluded.last_message_at),
      unread = ${owner ? sql`0` : sql`c.unread + excluded.unread`},
      needs_human = ${owner ? sql`false` : sql`c.needs_human`},
      -- The owner answering a chat that asked for a person ends that open pause: from now on
      -- the assistant waits the hand-over time. A pause the owner set himself stays.
      assistant_off = ${owner ? sql`c.assistant_off and not c.needs_human` : sql`c.assistant_off`},
      assistant_paused_until = ${
        owner
          ? sql`greatest(coalesce(c.assistant_paused_until, excluded.assistant_paused_until), excluded.assistant_paused_until)`
          : sql`c.assistant_paused_until`
      },
      revision = excluded.revision,
      updated_at = excluded.updated_at`),
  );
}

/** Whether the assistant may answer in this chat now (no pause, no hand-over waiting). */
export async function assistantActive(
  db: Db,
  storeId: string,
  phone: string,
  now: Date,
): Promise<boolean> {
  const [row] = rowsOf<{ active: boolean }>(
    await db.execute(sql`
      select not (assistant_off or coalesce(assistant_paused_until > ${now}::timestamptz, false))
        as active
      from conversations
      where store_id = ${storeId} and phone = ${phone} and deleted_at is null`),
  );
  return row?.active ?? true;
}

/**
 * The customer asked for a person: the chat waits for the owner ('Precisa de você') and the
 * assistant stays out of it until the owner answers or gives it back. True the first time (the
 * owner is told once per request, not for every 'humano' repeated while waiting).
 */
export async function markNeedsHuman(
  db: Db,
  storeId: string,
  phone: string,
  now: Date,
): Promise<boolean> {
  const rows = await writeStore(db, storeId, async (tx) =>
    rowsOf<{ id: string }>(
      await tx.execute(sql`
        update conversations set needs_human = true, assistant_off = true,
          revision = ${nextRevision(tx)}, updated_at = ${now}
        where store_id = ${storeId} and phone = ${phone} and deleted_at is null
          and not needs_human
        returning id`),
    ),
  );
  return rows.length > 0;
}

/** The assistant could not answer (its fallback): the chat is marked for the owner. */
export async function markUnanswered(db: Db, storeId: string, phone: string): Promise<void> {
  await writeStore(db, storeId, (tx) =>
    tx.execute(sql`
      update conversations set needs_human = true, revision = ${nextRevision(tx)}
      where store_id = ${storeId} and phone = ${phone} and deleted_at is null
        and not needs_human`),
  );
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** 'Quero falar com um atendente', 'HUMANO', 'uma pessoa de verdade': asks for a person. */
export function asksForHuman(text: string): boolean {
  return /(^|[^\p{L}])(atendentes?|humanos?|humana|pessoa de verdade)($|[^\p{L}])/u.test(
    fold(text),
  );
}

/**
 * GET /api/conversas/turnos (issue 37, decision 025 "Device"): the phone's bounded turns feed.
 * For the store's newest 200 chats, those whose row changed after the cursor (a chat's revision),
 * each with its newest 50 turns in the thread's shape; 20 chats a page, in revision order, so the
 * next cursor is exact and a pass cut short resumes where it stopped.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import { ApiError } from '../../lib/api-input';
import { type ApiTurn, toTurn, turnRows } from './read-chats';

/** The chats kept on the phone: the store's newest by last message. */
export const FEED_WINDOW = 200;
/** Turns kept per chat (the thread's page). */
export const FEED_TURNS = 50;
/** Chats per answer: 20 × 50 turns stays a bounded answer (about 100 KB of long turns). */
export const FEED_PAGE = 20;

export const BAD_FEED_CURSOR = 'Cursor inválido (use o cursor da resposta anterior, ou 0)';

export type FeedChat = {
  phone: string;
  /** The newest turns, oldest first (as GET /api/conversas/:phone). */
  turns: ApiTurn[];
  /** The id to ask older turns before (null: none older). */
  before: string | null;
};

export type TurnsFeed = { chats: FeedChat[]; cursor: string; hasMore: boolean };

/** The cursor: a chat revision the client had ('0' before the first pass). */
export function parseFeedCursor(value: string | undefined): bigint {
  const raw = value ?? '0';
  if (!/^\d{1,19}$/.test(raw)) throw new ApiError(400, BAD_FEED_CURSOR);
  return BigInt(raw);
}

type WindowRow = { phone: string; revision: string | number };

export async function turnsFeed(db: Db, storeId: string, since: bigint): Promise<TurnsFeed> {
  const rows = rowsOf<WindowRow>(
    await db.execute(sql`
      select phone, revision from (
        select phone, revision from conversations
        where store_id = ${storeId} and deleted_at is null
        order by last_message_at desc, id desc
        limit ${FEED_WINDOW}) w
      where revision > ${since.toString()}::bigint
      order by revision
      limit ${FEED_PAGE + 1}`),
  );
  const hasMore = rows.length > FEED_PAGE;
  const page = rows.slice(0, FEED_PAGE);
  const chats: FeedChat[] = [];
  for (const row of page) {
    const turns = await turnRows(db, storeId, row.phone, FEED_TURNS + 1);
    const more = turns.length > FEED_TURNS;
    const shown = turns.slice(0, FEED_TURNS).reverse();
    chats.push({
      phone: row.phone,
      turns: shown.map(toTurn),
      before: more ? (shown[0]?.id ?? null) : null,
    });
  }
  const last = page.at(-1);
  return { chats, cursor: last ? String(last.revision) : since.toString(), hasMore };
}

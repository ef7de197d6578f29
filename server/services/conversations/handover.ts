/**
 * The owner's hand on a chat (decision 025): give it back to the assistant, pause the assistant
 * for a time or until given back, mark it read; and the store's hand-over time.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/sql-rows';
import { writeStore } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import { nextRevision } from '../sync/revision';
import { DEFAULT_PAUSE_MINUTES } from './chat-state';
import { CHAT_NOT_FOUND, findChat } from './read-chats';

export type AssistantChoice = { ativo: boolean; ate?: Date | undefined };

async function updateChat(db: Db, storeId: string, phone: string, set: ReturnType<typeof sql>) {
  const rows = await writeStore(db, storeId, async (tx) =>
    rowsOf<{ id: string }>(
      await tx.execute(sql`update conversations set ${set}, revision = ${nextRevision(tx)}
        where store_id = ${storeId} and phone = ${phone} and deleted_at is null returning id`),
    ),
  );
  if (rows.length === 0) throw new ApiError(404, CHAT_NOT_FOUND);
}

/**
 * `{ ativo: true }`: the assistant answers again at once (and the chat no longer waits for a
 * person). `{ ativo: false, ate }`: quiet until then. `{ ativo: false }`: until given back.
 */
export async function setAssistant(
  db: Db,
  storeId: string,
  phone: string,
  choice: AssistantChoice,
  now: Date,
) {
  if (!choice.ativo && choice.ate && choice.ate <= now) {
    throw new ApiError(400, 'Escolha um horário no futuro para o assistente voltar.');
  }
  const set = choice.ativo
    ? sql`assistant_off = false, assistant_paused_until = null, needs_human = false`
    : choice.ate
      ? sql`assistant_off = false, assistant_paused_until = ${choice.ate}`
      : sql`assistant_off = true, assistant_paused_until = null`;
  await updateChat(db, storeId, phone, sql`${set}, updated_at = ${now}`);
  return findChat(db, storeId, phone, now);
}

/** Opened on some device: read on all of them (their next list read says 0). */
export async function markRead(db: Db, storeId: string, phone: string, now: Date) {
  await updateChat(db, storeId, phone, sql`unread = 0, updated_at = ${now}`);
  return findChat(db, storeId, phone, now);
}

export async function pauseMinutes(db: Db, storeId: string): Promise<number> {
  const [row] = rowsOf<{ pause_minutes: number }>(
    await db.execute(
      sql`select pause_minutes from conversation_settings where store_id = ${storeId}`,
    ),
  );
  return row?.pause_minutes ?? DEFAULT_PAUSE_MINUTES;
}

export async function setPauseMinutes(db: Db, storeId: string, minutes: number, now: Date) {
  await db.execute(sql`
    insert into conversation_settings (store_id, pause_minutes, updated_at)
    values (${storeId}, ${minutes}, ${now})
    on conflict (store_id) do update set pause_minutes = excluded.pause_minutes,
      updated_at = excluded.updated_at`);
  return minutes;
}

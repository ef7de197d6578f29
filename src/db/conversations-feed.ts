/**
 * The turns feed on the device (issue 37, decision 025 "Device"): after a pull, the newest 50
 * turns of the store's newest 200 chats come from GET /api/conversas/turnos (only the chats
 * changed since the cursor kept in `meta`) into `chatTurns`, the record the thread reads, so a
 * chat never opened on this phone reads offline too. Offline or an error: the pass stops, what is
 * kept stays, the next pull tries again from the same cursor.
 */
import type { ChatTurn } from '~/domain/conversation-reply';
import { request } from '~/lib/api';
import type { CachedThread } from './conversations-tables';
import type { TaliDb } from './db';
import type { DeviceStore } from './device-store';
import type { DeviceContext } from './transport';

/** The feed's cursor in `meta` (emptied at logout with the rest of `meta`). */
export const TURNS_CURSOR_KEY = 'conversas:turnos-cursor';
/** The chats whose turns the phone keeps: the newest by last message (the server's window). */
export const TURNS_WINDOW = 200;
/** A page the owner opened outside the window stays this long after its last read (ms). */
export const OPENED_PAGE_KEPT_MS = 60 * 60_000;
/** Pages of one pass: 200 chats are 10 of 20; the rest room for chats changing meanwhile. */
const MAX_PAGES = 20;

type FeedAnswer = {
  chats: { phone: string; turns: ChatTurn[]; before: string | null }[];
  cursor: string;
  hasMore: boolean;
};

export async function readTurnsCursor(db: TaliDb): Promise<string> {
  const row = await db.meta.get(TURNS_CURSOR_KEY);
  return typeof row?.value === 'string' ? row.value : '0';
}

export type TurnsPass = { requests: number; chats: number; dropped: number };

/**
 * One pass of the feed from the kept cursor to its end, then the pages of chats that left the
 * window dropped. Throws when a request fails (what the pages before it wrote stays, with their
 * cursor). `clock` is the device's time (tests move it).
 */
export async function syncChatTurns(
  ctx: DeviceContext,
  clock: () => number = Date.now,
): Promise<TurnsPass> {
  const { db } = ctx;
  let cursor = await readTurnsCursor(db);
  const written = new Set<string>();
  let requests = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const asked = clock();
    const res = await request(ctx.transport, 'GET', `/api/conversas/turnos?desde=${cursor}`);
    const feed = (await res.json()) as FeedAnswer;
    requests += 1;
    await db.transaction('rw', db.chatTurns, db.meta, async () => {
      for (const chat of feed.chats) {
        written.add(chat.phone);
        // The open thread read this chat after this page was asked for: its page is newer.
        const kept = await db.chatTurns.get(chat.phone);
        if (kept && kept.savedAt > asked) continue;
        const thread: CachedThread = { ...chat, savedAt: asked };
        await db.chatTurns.put(thread);
      }
      await db.meta.put({ key: TURNS_CURSOR_KEY, value: feed.cursor });
    });
    cursor = feed.cursor;
    if (!feed.hasMore) break;
  }
  const dropped = await dropOutOfWindow(db, written, clock());
  return { requests, chats: written.size, dropped };
}

/**
 * Removes the kept pages of chats outside the newest 200 on the phone (the pull has just brought
 * the chats' rows), except the ones this pass wrote (a chat newer than the pulled rows) and a
 * page read within the hour (a chat the owner opened: it does not vanish under the open thread).
 */
export async function dropOutOfWindow(
  db: TaliDb,
  written: ReadonlySet<string>,
  now: number,
): Promise<number> {
  const newest = await db.conversations
    .orderBy('lastMessageAt')
    .reverse()
    .limit(TURNS_WINDOW)
    .toArray();
  const inWindow = new Set(newest.map((c) => c.phone));
  const kept = await db.chatTurns.toArray();
  const stale = kept
    .filter((t) => !inWindow.has(t.phone) && !written.has(t.phone))
    .filter((t) => t.savedAt < now - OPENED_PAGE_KEPT_MS)
    .map((t) => t.phone);
  await db.chatTurns.bulkDelete(stale);
  return stale.length;
}

/**
 * The page's feed beside its pulls: a pass after a pull that brought changes (a chat's new turn
 * always changes its row), or after any pull until a pass succeeded (the first one, a failed
 * one). One pass at a time; failures (offline, 5xx, signed out) wait for the next pull. Not in the
 * pull itself: a slow feed never holds the pull or its screens back. Returns the stop.
 */
export function feedTurnsAfterPulls(store: DeviceStore): () => void {
  let running: Promise<void> | null = null;
  let fed = false;
  return store.afterEachPull((result) => {
    if (running || (fed && result.applied === 0) || !store.transport.token()) return;
    running = syncChatTurns(store)
      .then(() => {
        fed = true;
      })
      .catch(() => {
        fed = false;
      })
      .finally(() => {
        running = null;
      });
  });
}

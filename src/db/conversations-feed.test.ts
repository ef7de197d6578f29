/**
 * The turns feed on the device (issue 37): each chat's page written where the thread reads it,
 * the cursor kept and resumed, pages of chats out of the newest 200 dropped, offline keeps all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatTurn } from '~/domain/conversation-reply';
import {
  feedTurnsAfterPulls,
  OPENED_PAGE_KEPT_MS,
  readTurnsCursor,
  syncChatTurns,
} from './conversations-feed';
import { cachedThread } from './conversations-thread';
import { DeviceStore } from './device-store';
import { feedChat, json, syncPage, testContext } from './test-support';

const NOW = Date.parse('2026-11-28T15:00:00Z');
const clock = () => NOW;

const chatRow = (i: number) =>
  feedChat(`k${i}`, phone(i), new Date(NOW - (300 - i) * 60_000).toISOString(), { revision: i });
/** The chat's row as the pull keeps it. */
const localRow = (i: number) => ({
  ...chatRow(i),
  needsHuman: 0 as const,
  assistantOff: 0 as const,
  updatedAt: 0,
  searchKey: '',
  pending: 0 as const,
});
const phone = (i: number) => `1193${String(i).padStart(7, '0')}`;
const turn = (id: string, text: string): ChatTurn => ({
  id,
  author: 'customer',
  text,
  at: '2026-11-28T14:00:00.000Z',
  receipt: null,
  mediaUrl: null,
  orderId: null,
});
const page = (phones: number[], cursor: string, hasMore: boolean) => ({
  chats: phones.map((i) => ({ phone: phone(i), turns: [turn(`t${i}`, `oi ${i}`)], before: null })),
  cursor,
  hasMore,
});

let ctx = testContext(() => json(500, {}));
afterEach(() => ctx.db.delete());

describe('the turns feed on the device', () => {
  it('writes each chat’s page where the thread reads it, and resumes from its cursor', async () => {
    const answers = [page([1, 2], '2', true), page([3], '3', false), page([], '3', false)];
    ctx = testContext(() => json(200, answers.shift()));
    await ctx.db.conversations.bulkPut([1, 2, 3].map(localRow));
    const pass = await syncChatTurns(ctx, clock);
    expect(pass).toEqual({ requests: 2, chats: 3, dropped: 0 });
    expect(ctx.sent.map((r) => r.url)).toEqual([
      '/api/conversas/turnos?desde=0',
      '/api/conversas/turnos?desde=2',
    ]);
    expect((await cachedThread(ctx.db, phone(3)))?.turns.map((t) => t.text)).toEqual(['oi 3']);
    expect(await readTurnsCursor(ctx.db)).toBe('3');
    await syncChatTurns(ctx, clock);
    expect(ctx.sent.at(-1)?.url).toBe('/api/conversas/turnos?desde=3');
  });

  it('drops the pages of chats out of the newest 200, keeps one opened within the hour', async () => {
    ctx = testContext(() => json(200, page([], '0', false)));
    // 202 chats on the phone: 1 and 2 are the oldest, out of the window.
    await ctx.db.conversations.bulkPut(Array.from({ length: 202 }, (_, i) => localRow(i + 1)));
    const old = NOW - OPENED_PAGE_KEPT_MS - 1;
    for (const [i, savedAt] of [
      [1, old],
      [2, NOW - 60_000],
      [3, old],
    ] as const) {
      await ctx.db.chatTurns.put({
        phone: phone(i),
        turns: [turn('x', 'x')],
        before: null,
        savedAt,
      });
    }
    const pass = await syncChatTurns(ctx, clock);
    expect(pass.dropped).toBe(1);
    expect(await cachedThread(ctx.db, phone(1))).toBeUndefined();
    expect(await cachedThread(ctx.db, phone(2))).toBeDefined();
    expect(await cachedThread(ctx.db, phone(3))).toBeDefined();
  });

  it('offline or refused: keeps the pages and the cursor it has, and tries again later', async () => {
    ctx = testContext(() => json(200, page([1], '1', true)));
    await ctx.db.conversations.bulkPut([localRow(1)]);
    // The second page is lost: the first stays written with its cursor.
    let calls = 0;
    ctx.respond(() => {
      calls += 1;
      if (calls === 1) return json(200, page([1], '1', true));
      throw new TypeError('Failed to fetch');
    });
    await expect(syncChatTurns(ctx, clock)).rejects.toThrow();
    expect(await readTurnsCursor(ctx.db)).toBe('1');
    ctx.respond(() => json(503, { error: 'indisponível' }));
    await expect(syncChatTurns(ctx, clock)).rejects.toThrow();
    expect((await cachedThread(ctx.db, phone(1)))?.turns).toHaveLength(1);
    expect(await readTurnsCursor(ctx.db)).toBe('1');
  });

  it('does not overwrite a page the open thread read after the feed asked', async () => {
    ctx = testContext(() => json(200, page([1], '1', false)));
    await ctx.db.conversations.bulkPut([localRow(1)]);
    const fresh = { phone: phone(1), turns: [turn('n', 'mais novo')], before: null };
    await ctx.db.chatTurns.put({ ...fresh, savedAt: NOW + 1 });
    await syncChatTurns(ctx, clock);
    expect((await cachedThread(ctx.db, phone(1)))?.turns[0]?.text).toBe('mais novo');
  });
});

describe('the page store', () => {
  it('reads the feed after a pull, without any screen open', async () => {
    ctx = testContext((req) =>
      req.url.startsWith('/api/conversas/turnos')
        ? json(200, page([1], '1', false))
        : json(200, syncPage({ conversations: [chatRow(1)], cursor: '1' })),
    );
    const store = new DeviceStore(ctx.db, ctx.transport);
    feedTurnsAfterPulls(store);
    await store.pullNow();
    for (let i = 0; i < 50 && !(await cachedThread(ctx.db, phone(1))); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await cachedThread(ctx.db, phone(1)))?.turns[0]?.text).toBe('oi 1');
    // A pull that brings nothing new asks the feed nothing more.
    const asked = ctx.sent.filter((r) => r.url.startsWith('/api/conversas/turnos')).length;
    ctx.respond(() => json(200, syncPage({ cursor: '1' })));
    await store.pullNow();
    await new Promise((r) => setTimeout(r, 50));
    expect(ctx.sent.filter((r) => r.url.startsWith('/api/conversas/turnos'))).toHaveLength(asked);
  });
});

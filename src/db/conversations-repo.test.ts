/**
 * The Conversas list from the device (issue 37): the pulled chats with the customers' names and
 * labels, newest first, searched and filtered; the unread total; a thread kept for offline.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  filterChats,
  markReadOnDevice,
  readChat,
  readChatList,
  unreadTotal,
} from './conversations-repo';
import { cachedThread, refreshThread } from './conversations-thread';
import { pull } from './sync-engine';
import { feedChat, json, syncPage, testContext } from './test-support';

const NOW = Date.parse('2026-11-28T15:00:00Z');

let ctx = testContext(() => json(500, {}));
beforeEach(async () => {
  ctx = testContext(() =>
    json(
      200,
      syncPage({
        labels: [{ id: 'l1', name: 'VIP', revision: 1, deleted: false }],
        customers: [
          {
            id: 'c1',
            name: 'Ana Souza',
            phone: '11987654321',
            labels: ['l1'],
            optedOut: false,
            revision: 2,
            createdAt: '',
            updatedAt: '',
            deleted: false,
          },
        ],
        conversations: [
          feedChat('k1', '11987654321', '2026-11-28T14:00:00.000Z', {
            customerId: 'c1',
            pushName: 'Aninha',
            unread: 2,
          }),
          feedChat('k2', '21998765432', '2026-11-28T14:30:00.000Z', {
            pushName: 'João Pão',
            needsHuman: true,
            assistantOff: true,
          }),
          feedChat('k3', '31912345678', '2026-11-27T10:00:00.000Z', {
            unread: 1,
            assistantPausedUntil: '2026-11-28T15:20:00.000Z',
          }),
        ],
        cursor: '3',
      }),
    ),
  );
  await pull(ctx);
});
afterEach(() => ctx.db.delete());

describe('the Conversas list', () => {
  it("is newest first, named by the customer, else the push name, else the phone, with the customer's labels", async () => {
    const list = await readChatList(ctx.db, NOW);
    expect(list.map((c) => [c.name, c.labels, c.unread])).toEqual([
      ['João Pão', [], 0],
      ['Ana Souza', ['VIP'], 2],
      ['(31) 91234-5678', [], 1],
    ]);
    expect(list.map((c) => [c.assistantActive, c.pausedUntil, c.needsHuman])).toEqual([
      [false, null, true],
      [true, null, false],
      [false, '2026-11-28T15:20:00.000Z', false],
    ]);
    // Once the pause is over, the assistant is back.
    const later = await readChatList(ctx.db, Date.parse('2026-11-28T15:21:00Z'));
    expect(later[2]?.assistantActive).toBe(true);
  });

  it("is searched by name (accents folded), push name or the phone's digits, and filtered", async () => {
    const list = await readChatList(ctx.db, NOW);
    const names = (q: string, f: 'todas' | 'nao-lidas' | 'precisa' = 'todas') =>
      filterChats(list, q, f).map((c) => c.name);
    expect(names('joao')).toEqual(['João Pão']);
    expect(names('aninha')).toEqual(['Ana Souza']);
    expect(names('(31) 9123')).toEqual(['(31) 91234-5678']);
    expect(names('9876')).toEqual(['João Pão', 'Ana Souza']);
    expect(names('', 'nao-lidas')).toEqual(['Ana Souza', '(31) 91234-5678']);
    expect(names('', 'precisa')).toEqual(['João Pão']);
    expect(names('ana', 'precisa')).toEqual([]);
  });

  it('counts the unread messages for the tab, and a chat opened here is read at once', async () => {
    expect(await unreadTotal(ctx.db)).toBe(3);
    await markReadOnDevice(ctx.db, '11987654321');
    expect(await unreadTotal(ctx.db)).toBe(1);
    expect((await readChat(ctx.db, '11987654321', NOW))?.unread).toBe(0);
    expect(await readChat(ctx.db, '11000000000', NOW)).toBeUndefined();
  });
});

describe('a thread on the device', () => {
  it('keeps the newest page read online, and reads it offline', async () => {
    const turns = [
      {
        id: 't1',
        author: 'customer',
        text: 'Tem pão?',
        at: '2026-11-28T14:00:00.000Z',
        receipt: null,
        mediaUrl: null,
        orderId: null,
      },
      {
        id: 't2',
        author: 'assistant',
        text: 'Temos!',
        at: '2026-11-28T14:00:05.000Z',
        receipt: 'read',
        mediaUrl: null,
        orderId: null,
      },
    ];
    ctx.respond(() => json(200, { chat: {}, turns, before: 't0' }));
    await refreshThread(ctx, '11987654321', NOW);
    expect(ctx.sent.at(-1)?.url).toBe('/api/conversas/11987654321?limit=50');
    ctx.respond(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(refreshThread(ctx, '11987654321')).rejects.toThrow();
    const kept = await cachedThread(ctx.db, '11987654321');
    expect(kept?.turns.map((t) => [t.author, t.text, t.receipt])).toEqual([
      ['customer', 'Tem pão?', null],
      ['assistant', 'Temos!', 'read'],
    ]);
    expect(kept?.before).toBe('t0');
  });
});

/**
 * The phone's turns feed (issue 37, decision 025 "Device"): GET /api/conversas/turnos gives the
 * store's newest 200 chats changed since the cursor, each with its newest 50 turns, 20 chats a
 * page; the cursor resumes; a chat with a new turn comes back; another store's chats never show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logTurn } from '../../server/services/conversations/conversation-log';
import type { ApiTurn } from '../../server/services/conversations/read-chats';
import { type Owner, openConversationsWorld, type World } from './conversations-harness';

type Feed = {
  chats: { phone: string; turns: ApiTurn[]; before: string | null }[];
  cursor: string;
  hasMore: boolean;
};

let w: World;
beforeAll(async () => {
  w = await openConversationsWorld();
});
afterAll(() => w.close());

const feed = (owner: Owner, desde: string) =>
  w.api<Feed>(owner, 'GET', `/api/conversas/turnos?desde=${encodeURIComponent(desde)}`);

/** Every page from `desde` on, as the phone reads them: the chats and the last cursor. */
async function readAll(owner: Owner, desde = '0') {
  const chats: Feed['chats'] = [];
  let cursor = desde;
  let requests = 0;
  for (;;) {
    const res = await feed(owner, cursor);
    expect(res.status).toBe(200);
    requests += 1;
    expect(res.body.chats.length).toBeLessThanOrEqual(20);
    chats.push(...res.body.chats);
    cursor = res.body.cursor;
    if (!res.body.hasMore) return { chats, cursor, requests };
  }
}

const base = new Date('2026-11-10T12:00:00Z').getTime();
const at = (minutes: number) => new Date(base + minutes * 60_000);
const phoneOf = (i: number) => `1193${String(i).padStart(7, '0')}`;

async function turn(owner: Owner, phone: string, text: string, when: Date) {
  await logTurn(w.t.db, {
    storeId: owner.storeId,
    customerId: null,
    phone,
    direction: 'in',
    author: 'customer',
    text,
    at: when,
  });
}

describe('GET /api/conversas/turnos', () => {
  it('gives the newest 200 chats, 50 newest turns each, and resumes from its cursor', async () => {
    const owner = await w.connectedStore();
    const other = await w.connectedStore();
    // 201 chats: chat 0 is the oldest, out of the window.
    for (let i = 0; i < 200; i++) await turn(owner, phoneOf(i), `oi ${i}`, at(i));
    // The newest chat has 60 turns.
    const busy = phoneOf(500);
    for (let k = 0; k < 60; k++) await turn(owner, busy, `turno ${k}`, at(1000 + k));
    await turn(other, '11955550000', 'outra loja', at(2000));

    const first = await readAll(owner);
    expect(first.chats).toHaveLength(200);
    expect(first.requests).toBe(10);
    const phones = new Set(first.chats.map((c) => c.phone));
    expect(phones.has(phoneOf(0))).toBe(false);
    expect(phones.has(phoneOf(1))).toBe(true);
    expect(phones.has('11955550000')).toBe(false);
    const kept = first.chats.find((c) => c.phone === busy);
    expect(kept?.turns).toHaveLength(50);
    expect(kept?.turns[0]).toMatchObject({ author: 'customer', text: 'turno 10', receipt: null });
    expect(kept?.turns.at(-1)?.text).toBe('turno 59');
    expect(Object.keys(kept?.turns[0] ?? {}).sort()).toEqual(
      ['at', 'author', 'id', 'mediaUrl', 'orderId', 'receipt', 'text'].sort(),
    );
    // 'before' asks the thread's older page, as GET /api/conversas/:phone does.
    const older = await w.api<{ turns: ApiTurn[] }>(
      owner,
      'GET',
      `/api/conversas/${busy}?before=${kept?.before}`,
    );
    expect(older.body.turns.map((t) => t.text)).toEqual(
      Array.from({ length: 10 }, (_, k) => `turno ${k}`),
    );

    // Nothing changed: nothing more from the last cursor.
    const again = await feed(owner, first.cursor);
    expect(again.body).toEqual({ chats: [], cursor: first.cursor, hasMore: false });

    // A pass cut short after its third page resumes where it stopped, every chat once.
    let cursor = '0';
    for (let p = 0; p < 3; p++) cursor = (await feed(owner, cursor)).body.cursor;
    const rest = await readAll(owner, cursor);
    expect(rest.chats).toHaveLength(140);
    expect(new Set(rest.chats.map((c) => c.phone)).size).toBe(140);

    // A new turn in a chat brings it back, with that turn, in the next pass.
    await turn(owner, phoneOf(5), 'chegou agora', at(3000));
    const next = await readAll(owner, first.cursor);
    expect(next.chats.map((c) => c.phone)).toEqual([phoneOf(5)]);
    expect(next.chats[0]?.turns.map((t) => t.text)).toEqual(['oi 5', 'chegou agora']);
  });

  it('never gives another store’s chats, and a new webhook message comes back', async () => {
    const owner = await w.connectedStore();
    const other = await w.connectedStore();
    await w.incoming(other, 'oi da outra loja', { from: '11966660001' });
    const empty = await readAll(owner);
    expect(empty.chats).toEqual([]);
    await w.incoming(owner, 'bom dia', { from: '11966660002' });
    const mine = await readAll(owner, empty.cursor);
    expect(mine.chats.map((c) => c.phone)).toEqual(['11966660002']);
    expect(mine.chats[0]?.turns[0]).toMatchObject({ author: 'customer', text: 'bom dia' });
    // The assistant's answer has Talí's receipt.
    expect(mine.chats[0]?.turns.slice(1).every((t) => t.receipt !== null)).toBe(true);
  });

  it('refuses a bad cursor in Portuguese', async () => {
    const owner = await w.connectedStore();
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999']) {
      const res = await w.api<{ message?: string; error?: string }>(
        owner,
        'GET',
        `/api/conversas/turnos?desde=${bad}`,
      );
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Cursor inválido');
    }
    const anonymous = await w.t.call('GET', '/api/conversas/turnos?desde=0');
    expect(anonymous.status).toBe(401);
  });
});

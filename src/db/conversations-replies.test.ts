/**
 * The owner's replies kept on the phone (issue 37): sent once with the key made when typed,
 * 'aguardando conexão' offline, held past the hour, kept when WhatsApp is disconnected.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushReplies, keepReply, repliesOf } from './conversations-replies';
import { json, type SentRequest, testContext } from './test-support';

const PHONE = '11987654321';
const MINUTE = 60_000;
const offline = (): Response => {
  throw new TypeError('Failed to fetch');
};
const turn = (req: SentRequest) =>
  json(201, { id: 't1', author: 'owner', text: (req.body as { text: string }).text });

let ctx = testContext(offline);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
  ctx = testContext(offline);
});
afterEach(async () => {
  vi.useRealTimers();
  await ctx.db.delete();
});

const posts = () => ctx.sent.filter((r) => r.method === 'POST');

describe('a reply typed offline', () => {
  it("waits as 'aguardando conexão' and goes once on reconnect, with the key made when typed", async () => {
    await keepReply(ctx.db, PHONE, 'Temos sim!');
    expect(await flushReplies(ctx)).toEqual({ sent: 0, offline: true, refused: 0 });
    expect((await repliesOf(ctx.db, PHONE)).map((r) => r.state)).toEqual(['waiting']);

    vi.advanceTimersByTime(20 * MINUTE);
    ctx.respond(turn);
    expect((await flushReplies(ctx)).sent).toBe(1);
    expect(await repliesOf(ctx.db, PHONE)).toEqual([]);
    const [first, second] = posts();
    expect(second?.url).toBe(`/api/conversas/${PHONE}/mensagens`);
    expect(second?.body).toEqual({ text: 'Temos sim!' });
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    // Nothing left: another pass sends nothing.
    await flushReplies(ctx);
    expect(posts()).toHaveLength(2);
  });

  it('is held after an hour offline; the owner sends it anyway or discards it', async () => {
    await keepReply(ctx.db, PHONE, 'Pode vir buscar às 15h');
    await keepReply(ctx.db, PHONE, 'Obrigado!');
    await flushReplies(ctx);
    vi.advanceTimersByTime(61 * MINUTE);
    ctx.respond(turn);
    expect(await flushReplies(ctx)).toEqual({ sent: 0, offline: false, refused: 0 });
    const held = await repliesOf(ctx.db, PHONE);
    expect(held.map((r) => [r.text, r.state])).toEqual([
      ['Pode vir buscar às 15h', 'held'],
      ['Obrigado!', 'held'],
    ]);
    expect(posts()).toHaveLength(1); // only the first offline try

    await flushReplies(ctx, Date.now(), held[1]?.id);
    expect(posts().at(-1)?.body).toEqual({ text: 'Obrigado!' });
    expect((await repliesOf(ctx.db, PHONE)).map((r) => r.text)).toEqual(['Pode vir buscar às 15h']);
  });

  it('keeps the order it was typed in, and stops at the first network failure', async () => {
    await keepReply(ctx.db, PHONE, 'um');
    vi.advanceTimersByTime(1);
    await keepReply(ctx.db, PHONE, 'dois');
    let calls = 0;
    ctx.respond((req) => (calls++ === 0 ? turn(req) : offline()));
    const result = await flushReplies(ctx);
    expect(result).toEqual({ sent: 1, offline: true, refused: 0 });
    expect(posts().map((r) => (r.body as { text: string }).text)).toEqual(['um', 'dois']);
    expect((await repliesOf(ctx.db, PHONE)).map((r) => [r.text, r.state])).toEqual([
      ['dois', 'waiting'],
    ]);
  });
});

describe('a reply the server refuses', () => {
  it('is kept with the disconnected WhatsApp said (409), and goes when the owner tries again', async () => {
    ctx.respond(() => json(409, { message: 'O WhatsApp está desconectado.' }));
    const reply = await keepReply(ctx.db, PHONE, 'Oi');
    expect((await flushReplies(ctx)).refused).toBe(1);
    const [kept] = await repliesOf(ctx.db, PHONE);
    expect(kept).toMatchObject({ state: 'refused', disconnected: true });
    expect(kept?.error).toContain('desconectado');
    // A pass on its own does not resend it.
    await flushReplies(ctx);
    expect(posts()).toHaveLength(1);
    ctx.respond(turn);
    await flushReplies(ctx, Date.now(), reply.id);
    expect(await repliesOf(ctx.db, PHONE)).toEqual([]);
    expect(posts().map((r) => r.headers['Idempotency-Key'])).toEqual([reply.id, reply.id]);
  });

  it('waits and goes again later on 429 (too many replies), not held as refused', async () => {
    ctx.respond(() => json(429, { message: 'Muitas mensagens em pouco tempo.' }));
    await keepReply(ctx.db, PHONE, 'Oi');
    expect(await flushReplies(ctx)).toEqual({ sent: 0, offline: false, refused: 0 });
    expect((await repliesOf(ctx.db, PHONE)).map((r) => r.state)).toEqual(['waiting']);
  });
});

describe('two passes at once (two tabs, a reconnect and a tap)', () => {
  it('send the reply once', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    ctx.respond(async (req) => {
      await gate;
      return turn(req);
    });
    await keepReply(ctx.db, PHONE, 'Oi');
    const both = Promise.all([flushReplies(ctx), flushReplies(ctx)]);
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    release();
    const results = await both;
    expect(results.map((r) => r.sent).sort()).toEqual([0, 1]);
    expect(posts()).toHaveLength(1);
  });

  it('a send whose answer never came (the page closed) goes again after 30 s, with the same key', async () => {
    const reply = await keepReply(ctx.db, PHONE, 'Oi');
    await ctx.db.chatReplies.update(reply.id, { state: 'sending', sendingSince: Date.now() });
    ctx.respond(turn);
    await flushReplies(ctx);
    expect(posts()).toHaveLength(0);
    vi.advanceTimersByTime(30_000);
    await flushReplies(ctx);
    expect(posts().map((r) => r.headers['Idempotency-Key'])).toEqual([reply.id]);
  });
});

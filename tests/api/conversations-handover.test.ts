/**
 * Conversations (issue 37): a customer asking for a person pauses the assistant, marks the chat
 * and tells the owner's phone once; the owner pauses or gives back the assistant; read state,
 * filters and search; quick replies; another store's chat is a 404; retention removes old chats.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../server/db/schema';
import { purgeOldChats } from '../../server/services/conversations/retention';
import { purgeByRetention } from '../../server/services/privacy/retention';
import { openConversationsWorld, until, type World } from './conversations-harness';

let w: World;
beforeAll(async () => {
  w = await openConversationsWorld();
});
afterAll(() => w.close());

describe("'atendente' or 'humano'", () => {
  it('pauses the assistant, marks the chat and notifies the subscribed phone once', async () => {
    const owner = await w.connectedStore();
    const device = w.push.device();
    expect((await w.api(owner, 'POST', '/api/push/subscriptions', device)).status).toBe(201);
    const phone = '11922220001';
    await w.incoming(owner, 'oi', { from: phone });
    w.later(1);
    await w.incoming(owner, 'Quero falar com um ATENDENTE, por favor', { from: phone });
    const request = await until(() => w.push.to(device)[0]);
    expect(w.push.decrypt(device, request)).toEqual({
      title: 'Um cliente quer falar com você',
      body: 'O assistente pausou nessa conversa. Toque para responder.',
      url: '/conversas?filtro=precisa',
      tag: 'conversas-precisa',
    });
    expect(w.deliveredTo(owner, phone).at(-1)).toBe(
      'Certo! Já chamei a equipe da loja. Em instantes alguém te responde por aqui.',
    );
    const count = w.deliveredTo(owner, phone).length;
    w.later(60);
    await w.incoming(owner, 'humano!!', { from: phone });
    await w.incoming(owner, 'qual o endereço?', { from: phone });
    await new Promise((r) => setTimeout(r, 300));
    expect(w.push.to(device)).toHaveLength(1);
    expect(w.deliveredTo(owner, phone)).toHaveLength(count);

    const waiting = await w.chats(owner, '?filtro=precisa');
    expect(waiting.chats.map((c) => [c.phone, c.needsHuman, c.assistant])).toEqual([
      [phone, true, { active: false, until: null }],
    ]);
    // The owner answers: the chat no longer waits, and the assistant is back after 30 minutes.
    await w.reply(owner, phone, 'Oi, sou a Ana. Como posso ajudar?', randomUUID());
    expect((await w.chats(owner, '?filtro=precisa')).chats).toEqual([]);
    w.later(31);
    await w.incoming(owner, 'qual o endereço?', { from: phone });
    expect(w.deliveredTo(owner, phone).at(-1)).toMatch(/Rua das Flores/);
  });

  it('is asked with the assistant off too, and not by a word that only contains it', async () => {
    const owner = await w.connectedStore({ botAtivo: false });
    const phone = '11922220002';
    await w.incoming(owner, 'esse calor está desumano', { from: phone });
    expect((await w.thread(owner, phone)).chat.needsHuman).toBe(false);
    await w.incoming(owner, 'HUMANO', { from: phone });
    expect((await w.thread(owner, phone)).chat.needsHuman).toBe(true);
    // The assistant is off in this store: nobody answers the customer for it.
    expect(w.deliveredTo(owner, phone)).toEqual([]);
  });

  it("marks a chat the assistant could not answer as 'Precisa de você'", async () => {
    const owner = await w.connectedStore();
    const phone = '11922220009';
    await w.incoming(owner, 'vocês consertam geladeira?', { from: phone });
    const { chat } = await w.thread(owner, phone);
    expect(chat).toMatchObject({ needsHuman: true, assistant: { active: true } });
  });
});

describe('PUT /api/conversas/:phone/assistente', () => {
  it('pauses until given back, pauses for a time, and gives back at once', async () => {
    const owner = await w.connectedStore();
    const phone = '11922220003';
    await w.incoming(owner, 'oi', { from: phone });
    const path = `/api/conversas/${phone}/assistente`;
    const off = await w.api(owner, 'PUT', path, { ativo: false });
    expect(off.body).toMatchObject({ phone, assistant: { active: false, until: null } });
    const count = w.deliveredTo(owner, phone).length;
    w.later(24 * 60);
    await w.incoming(owner, 'qual o endereço?', { from: phone });
    expect(w.deliveredTo(owner, phone)).toHaveLength(count);

    const on = await w.api(owner, 'PUT', path, { ativo: true });
    expect(on.body).toMatchObject({ assistant: { active: true, until: null } });
    await w.incoming(owner, 'qual o endereço?', { from: phone });
    expect(w.deliveredTo(owner, phone)).toHaveLength(count + 1);

    const ate = new Date(w.clock.now.getTime() + 10 * 60_000).toISOString();
    const timed = await w.api(owner, 'PUT', path, { ativo: false, ate });
    expect(timed.body).toMatchObject({ assistant: { active: false, until: ate } });
    w.later(9);
    await w.incoming(owner, 'vocês abrem sábado?', { from: phone });
    expect(w.deliveredTo(owner, phone)).toHaveLength(count + 1);
    w.later(2);
    await w.incoming(owner, 'vocês abrem sábado?', { from: phone });
    expect(w.deliveredTo(owner, phone)).toHaveLength(count + 2);

    const past = new Date(w.clock.now.getTime() - 60_000).toISOString();
    expect((await w.api(owner, 'PUT', path, { ativo: false, ate: past })).status).toBe(400);
    expect((await w.api(owner, 'PUT', path, { ativo: 'sim' })).status).toBe(400);
    expect((await w.api(owner, 'PUT', path, { ativo: false, ate: 'amanhã' })).status).toBe(400);
  });
});

describe('read state, filters and search', () => {
  it('counts unread turns, marks a chat read on every device, filters and finds', async () => {
    const owner = await w.connectedStore({ botAtivo: false });
    await w.incoming(owner, 'oi', { from: '11922220004', name: 'Carla Dias' });
    await w.incoming(owner, 'tem bolo?', { from: '11922220004', name: 'Carla Dias' });
    w.later(1);
    await w.incoming(owner, 'bom dia', { from: '21922220005', name: 'Bruno Lima' });
    const all = await w.chats(owner);
    expect(all.chats.map((c) => [c.name, c.unread, c.lastMessage.text])).toEqual([
      ['Bruno Lima', 1, 'bom dia'],
      ['Carla Dias', 2, 'tem bolo?'],
    ]);
    const read = await w.api(owner, 'POST', '/api/conversas/11922220004/lida');
    expect(read.body).toMatchObject({ unread: 0 });
    expect((await w.chats(owner, '?filtro=nao-lidas')).chats.map((c) => c.name)).toEqual([
      'Bruno Lima',
    ]);
    expect((await w.chats(owner, '?q=carla')).chats.map((c) => c.name)).toEqual(['Carla Dias']);
    expect((await w.chats(owner, '?q=2192')).chats.map((c) => c.name)).toEqual(['Bruno Lima']);
    expect((await w.chats(owner, '?q=100%25')).chats).toEqual([]);
    const page = await w.chats(owner, '?limit=1');
    expect(page.chats.map((c) => c.name)).toEqual(['Bruno Lima']);
    const next = await w.chats(owner, `?limit=1&cursor=${page.cursor}`);
    expect(next).toMatchObject({ chats: [{ name: 'Carla Dias' }], cursor: null });
    expect((await w.api(owner, 'GET', '/api/conversas?filtro=todas')).status).toBe(400);
    expect((await w.api(owner, 'GET', '/api/conversas?cursor=xyz')).status).toBe(400);
    expect((await w.api(owner, 'GET', '/api/conversas?limit=0')).status).toBe(400);
  });

  it('pages a long thread with before', async () => {
    const owner = await w.connectedStore({ botAtivo: false });
    const phone = '11922220006';
    for (let i = 1; i <= 5; i++) await w.incoming(owner, `mensagem ${i}`, { from: phone });
    const first = await w.api<{ turns: { id: string; text: string }[]; before: string }>(
      owner,
      'GET',
      `/api/conversas/${phone}?limit=3`,
    );
    expect(first.body.turns.map((t) => t.text)).toEqual(['mensagem 3', 'mensagem 4', 'mensagem 5']);
    const older = await w.api<{ turns: { text: string }[]; before: string | null }>(
      owner,
      'GET',
      `/api/conversas/${phone}?limit=3&before=${first.body.before}`,
    );
    expect(older.body).toMatchObject({ before: null });
    expect(older.body.turns.map((t) => t.text)).toEqual(['mensagem 1', 'mensagem 2']);
  });
});

describe('quick replies', () => {
  it('start with the defaults and are created, renamed and deleted', async () => {
    const owner = await w.connectedStore();
    const list = await w.api<{ id: string; atalho: string; texto: string }[]>(
      owner,
      'GET',
      '/api/respostas-rapidas',
    );
    expect(list.body.map((r) => r.atalho)).toEqual(['endereco', 'horario', 'link']);
    const hours = list.body.find((r) => r.atalho === 'horario');
    expect(hours?.texto).toContain('Segunda-feira: 08:00 – 18:00');
    expect(hours?.texto).toContain('Domingo: fechado');
    expect(list.body.find((r) => r.atalho === 'endereco')?.texto).toContain('Rua das Flores, 123');

    const made = await w.api(owner, 'POST', '/api/respostas-rapidas', {
      atalho: '/Pix',
      texto: 'Nossa chave Pix é o CNPJ, {nome}.',
    });
    expect(made).toMatchObject({ status: 201, body: { atalho: 'pix' } });
    const dup = await w.api(owner, 'POST', '/api/respostas-rapidas', { atalho: 'PIX', texto: 'x' });
    expect(dup).toMatchObject({
      status: 409,
      body: { message: 'Já existe uma resposta rápida com o atalho /pix.' },
    });
    const bad = await w.api(owner, 'POST', '/api/respostas-rapidas', { atalho: 'não', texto: 'x' });
    expect(bad.status).toBe(400);
    const id = String(made.body.id);
    const renamed = await w.api(owner, 'PUT', `/api/respostas-rapidas/${id}`, { atalho: 'chave' });
    expect(renamed.body).toMatchObject({
      atalho: 'chave',
      texto: 'Nossa chave Pix é o CNPJ, {nome}.',
    });
    expect((await w.api(owner, 'DELETE', `/api/respostas-rapidas/${id}`)).status).toBe(204);
    expect((await w.api(owner, 'DELETE', `/api/respostas-rapidas/${id}`)).status).toBe(404);
    // Deleting a default keeps it deleted: the defaults are given once.
    const link = list.body.find((r) => r.atalho === 'link');
    await w.api(owner, 'DELETE', `/api/respostas-rapidas/${link?.id}`);
    const after = await w.api<{ atalho: string }[]>(owner, 'GET', '/api/respostas-rapidas');
    expect(after.body.map((r) => r.atalho)).toEqual(['endereco', 'horario']);
  });
});

describe("another store's chat", () => {
  it('is a 404 everywhere and never listed', async () => {
    const owner = await w.connectedStore();
    const other = await w.connectedStore();
    const phone = '11922220007';
    await w.incoming(owner, 'oi', { from: phone });
    const notFound = { status: 404, body: { message: 'Conversa não encontrada' } };
    expect(await w.api(other, 'GET', `/api/conversas/${phone}`)).toMatchObject(notFound);
    expect(await w.api(other, 'POST', `/api/conversas/${phone}/lida`)).toMatchObject(notFound);
    expect(
      await w.api(other, 'PUT', `/api/conversas/${phone}/assistente`, { ativo: false }),
    ).toMatchObject(notFound);
    expect(await w.reply(other, phone, 'oi', randomUUID())).toMatchObject(notFound);
    expect((await w.chats(other)).chats).toEqual([]);
    const quick = await w.api<{ id: string }[]>(owner, 'GET', '/api/respostas-rapidas');
    const theirs = `/api/respostas-rapidas/${quick.body[0]?.id}`;
    expect((await w.api(other, 'PUT', theirs, { texto: 'x' })).status).toBe(404);
    expect((await w.api(other, 'DELETE', theirs)).status).toBe(404);
    expect((await w.api(owner, 'GET', `/api/conversas/${phone}`)).status).toBe(200);
  });
});

describe('retention', () => {
  it("removes a chat with its turns once older than the store's months", async () => {
    const owner = await w.connectedStore({ botAtivo: false });
    const phone = '11922220008';
    await w.incoming(owner, 'oi', { from: phone });
    const chat = () =>
      w.t.db
        .select()
        .from(conversations)
        .where(and(eq(conversations.phone, phone), isNull(conversations.deletedAt)));
    await purgeByRetention(w.t.db, new Date(w.clock.now.getTime() + 300 * 86_400_000));
    await purgeOldChats(w.t.db, new Date(w.clock.now.getTime() + 300 * 86_400_000));
    expect(await chat()).toHaveLength(1);
    // A synced entity: the phone's pull carries the chat, then its tombstone without the number.
    const feed = async () =>
      (await w.api<{ conversations: Record<string, unknown>[] }>(owner, 'GET', '/api/sync?since=0'))
        .body.conversations;
    const [live] = await feed();
    expect(live).toMatchObject({ phone, lastText: 'oi', unread: 1, deleted: false });
    const later = new Date(w.clock.now.getTime() + 370 * 86_400_000);
    await purgeByRetention(w.t.db, later);
    expect(await purgeOldChats(w.t.db, later)).toBeGreaterThanOrEqual(1);
    expect(await chat()).toHaveLength(0);
    expect(await feed()).toEqual([{ id: live?.id, deleted: true, revision: expect.any(Number) }]);
    expect((await w.api(owner, 'GET', `/api/conversas/${phone}`)).status).toBe(404);
  });
});

/**
 * Conversations through the Evolution stand-in (issue 37): a customer's message makes a chat;
 * the owner answers from the app once per Idempotency-Key (a replay, or a twin at the same time,
 * sends nothing more); a message typed on the phone's own WhatsApp pauses the assistant, and it
 * comes back after the hand-over time; a disconnected WhatsApp is a 409; bounds hold.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConversationsWorld, type World } from './conversations-harness';

let w: World;
beforeAll(async () => {
  w = await openConversationsWorld();
});
afterAll(() => w.close());

describe('a chat from the webhook', () => {
  it('lists the customer, the last message and the unread count; the thread has both turns', async () => {
    const owner = await w.connectedStore();
    await w.incoming(owner, 'oi', { from: '11911110001', name: 'Maria Souza' });
    const { chats } = await w.chats(owner);
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({
      phone: '11911110001',
      name: 'Maria Souza',
      unread: 1,
      needsHuman: false,
      assistant: { active: true, until: null },
      labels: [],
      lastMessage: { author: 'assistant' },
    });
    const thread = await w.thread(owner, '11911110001');
    expect(thread.turns.map((t) => [t.author, t.receipt])).toEqual([
      ['customer', null],
      ['assistant', 'sent'],
    ]);
    expect(thread.turns[0]?.text).toBe('oi');
    expect(w.deliveredTo(owner, '11911110001')).toEqual([thread.turns[1]?.text]);
  });
});

describe('the owner answers from the app', () => {
  it('reaches the stand-in once under replay and twins; the receipts follow', async () => {
    const owner = await w.connectedStore();
    const phone = '11911110002';
    await w.incoming(owner, 'vocês entregam no centro?', { from: phone });
    const before = w.deliveredTo(owner, phone).length;

    const key = randomUUID();
    const first = await w.reply(owner, phone, 'Entregamos sim, Maria!', key);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ author: 'owner', text: 'Entregamos sim, Maria!' });
    expect(first.body.receipt).toBe('sent');
    const again = await w.reply(owner, phone, 'Entregamos sim, Maria!', key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);

    const twinKey = randomUUID();
    const twins = await Promise.all([
      w.reply(owner, phone, 'Chega hoje à tarde.', twinKey),
      w.reply(owner, phone, 'Chega hoje à tarde.', twinKey),
    ]);
    expect(twins.map((r) => r.body.id)[0]).toBe(twins[1]?.body.id);
    expect(w.deliveredTo(owner, phone).slice(before)).toEqual([
      'Entregamos sim, Maria!',
      'Chega hoje à tarde.',
    ]);

    // Evolution echoes what the store sent as a fromMe message: not the owner typing again.
    const sent = w.fake.stored.get(`tali-${owner.storeId}`) ?? [];
    const echoed = sent.find((m) => m.message.conversation === 'Entregamos sim, Maria!');
    await w.incoming(owner, 'Entregamos sim, Maria!', {
      from: phone,
      fromMe: true,
      id: echoed?.key.id ?? '',
    });
    await w.receipt(owner, echoed?.key.id ?? '', 'READ');
    const thread = await w.thread(owner, phone);
    const owners = thread.turns.filter((t) => t.author === 'owner');
    expect(owners.map((t) => [t.text, t.receipt])).toEqual([
      ['Entregamos sim, Maria!', 'read'],
      ['Chega hoje à tarde.', 'sent'],
    ]);
    // Answering reads the chat and hands it over: the assistant waits 30 minutes.
    expect(thread.chat).toMatchObject({ unread: 0, assistant: { active: false } });
    const back = Date.parse(thread.chat.assistant.until ?? '') - w.clock.now.getTime();
    expect(Math.abs(back - 30 * 60_000)).toBeLessThan(5_000);
  });

  it('fills {nome} and {loja} of a quick reply before sending', async () => {
    const owner = await w.connectedStore();
    const phone = '11911110003';
    await w.incoming(owner, 'bom dia', { from: phone, name: 'João Pedro' });
    const sent = await w.reply(owner, phone, 'Oi {nome}, aqui é da {loja}!', randomUUID());
    expect(sent.body.text).toBe('Oi João, aqui é da Empório da Ana!');
    expect(w.deliveredTo(owner, phone).at(-1)).toBe('Oi João, aqui é da Empório da Ana!');
  });

  it('is a 409 with nothing sent while WhatsApp is disconnected, and goes once reconnected', async () => {
    const owner = await w.connectedStore();
    const phone = '11911110004';
    await w.incoming(owner, 'oi', { from: phone });
    const count = w.deliveredTo(owner, phone).length;
    w.fake.instances.set(`tali-${owner.storeId}`, 'close');
    w.fake.options.failSendsWhenClosed = true;
    const key = randomUUID();
    try {
      const refused = await w.reply(owner, phone, 'Já te respondo', key);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        'O WhatsApp está desconectado. Conecte o WhatsApp da loja para responder pelo app.',
      );
      expect(w.deliveredTo(owner, phone)).toHaveLength(count);
      const turns = (await w.thread(owner, phone)).turns;
      expect(turns.some((t) => t.author === 'owner')).toBe(false);
    } finally {
      w.fake.options.failSendsWhenClosed = false;
      w.fake.instances.set(`tali-${owner.storeId}`, 'open');
    }
    const sent = await w.reply(owner, phone, 'Já te respondo', key);
    expect(sent.status).toBe(201);
    expect(w.deliveredTo(owner, phone).slice(count)).toEqual(['Já te respondo']);
  });

  it('keeps a reply whose answer was lost as pending, and a replay does not send it again', async () => {
    const owner = await w.connectedStore();
    const phone = '11911110008';
    await w.incoming(owner, 'oi', { from: phone });
    const sends = () =>
      w.fake.requests.filter((r) => r.path === `/message/sendText/tali-${owner.storeId}`).length;
    w.fake.options.serverErrorNextSends = 1;
    const key = randomUUID();
    const first = await w.reply(owner, phone, 'Separei o seu pedido', key);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ author: 'owner', receipt: 'pending' });
    const tried = sends();
    const again = await w.reply(owner, phone, 'Separei o seu pedido', key);
    expect(again).toMatchObject({ status: 202, body: { id: first.body.id, receipt: 'pending' } });
    expect(sends()).toBe(tried);
  });

  it('refuses an empty or over-long text and an unknown chat; limits a burst per store', async () => {
    const owner = await w.connectedStore();
    const phone = '11911110005';
    await w.incoming(owner, 'oi', { from: phone });
    expect((await w.reply(owner, phone, '   ')).body.message).toBe('Escreva a mensagem');
    const long = await w.reply(owner, phone, 'a'.repeat(4097));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A mensagem pode ter até 4.096 caracteres.');
    expect((await w.reply(owner, phone, 'a'.repeat(4096))).status).toBe(201);
    const unknown = await w.reply(owner, '11900000000', 'oi');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Conversa não encontrada' } });
    expect((await w.reply(owner, 'abc', 'oi')).status).toBe(404);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await w.reply(owner, phone, `msg ${i}`)).status);
    // Two went this minute before (the 4,096 one and the unknown chat's; refusals of a bad
    // body take nothing): 28 more go, then the store waits.
    expect(statuses.filter((s) => s === 201)).toHaveLength(28);
    const limited = await w.reply(owner, phone, 'mais uma');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Aguarde um minuto/);
  });
});

describe('the owner typing on the phone', () => {
  it('pauses the assistant in that chat, which answers again after the hand-over time', async () => {
    const owner = await w.connectedStore();
    const phone = '11911110006';
    await w.incoming(owner, 'oi', { from: phone });
    await w.incoming(owner, 'Oi! Aqui é a Ana, já te ajudo.', { from: phone, fromMe: true });
    const count = w.deliveredTo(owner, phone).length;
    w.later(1);
    await w.incoming(owner, 'qual o endereço?', { from: phone });
    expect(w.deliveredTo(owner, phone)).toHaveLength(count);
    const thread = await w.thread(owner, phone);
    expect(thread.turns.map((t) => t.author)).toEqual([
      'customer',
      'assistant',
      'owner',
      'customer',
    ]);
    expect(thread.chat.assistant.active).toBe(false);

    w.later(30);
    await w.incoming(owner, 'qual o endereço?', { from: phone });
    expect(w.deliveredTo(owner, phone).at(-1)).toMatch(/Rua das Flores/);
    expect((await w.thread(owner, phone)).chat.assistant).toEqual({ active: true, until: null });
  });

  it("follows the store's own hand-over time", async () => {
    const owner = await w.connectedStore();
    const phone = '11911110007';
    const set = await w.api(owner, 'PUT', '/api/conversas-configuracao', { pausaMinutos: 5 });
    expect(set.body).toEqual({ pausaMinutos: 5 });
    expect(
      (await w.api(owner, 'PUT', '/api/conversas-configuracao', { pausaMinutos: 0 })).status,
    ).toBe(400);
    await w.incoming(owner, 'oi', { from: phone });
    await w.reply(owner, phone, 'Oi, tudo bem?');
    const count = w.deliveredTo(owner, phone).length;
    w.later(4);
    await w.incoming(owner, 'qual o endereço?', { from: phone });
    expect(w.deliveredTo(owner, phone)).toHaveLength(count);
    w.later(2);
    await w.incoming(owner, 'qual o endereço?', { from: phone });
    expect(w.deliveredTo(owner, phone)).toHaveLength(count + 1);
  });
});

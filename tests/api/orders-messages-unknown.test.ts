/**
 * An order message whose send had no answer (the Evolution stand-in answers after the gateway's
 * timeout, having sent it) is never sent again on a guess: it is 'unknown' until the phone's echo
 * or a look-up at the gateway says it went (decision 025's rule, decision 018's states).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages, orderMessages } from '../../server/db/schema';
import type { OrderMessageView } from '../../server/services/orders/order-message-list';
import {
  drainDueOrderMessages,
  orderMessageDeps,
  settleOrderMessages,
} from '../../server/services/orders/order-messages-send';
import { startOrderMessagesApp } from './evolution-app';
import { send } from './fixtures';
import { addProduct, createShop, nextMobile, placeOrder, type Shop } from './orders-fixtures';
import type { TestApp } from './test-app';
import { upsert } from './whatsapp-fixtures';

let app: Awaited<ReturnType<typeof startOrderMessagesApp>>;
let t: TestApp;
let fake: typeof app.fake;
/** The server's clock: real time plus what a test moves it on (look-ups come every 10 min). */
const clock = { offset: 0 };
const later = (minutes: number) => {
  clock.offset += minutes * 60_000;
};

beforeAll(async () => {
  app = await startOrderMessagesApp({
    // A gateway client that gives up after 1.5 s: the stand-in's late answers come after it.
    gateway: { timeoutMs: 1500, typingDelayMs: 0 },
    now: () => new Date(Date.now() + clock.offset),
  });
  ({ t, fake } = app);
});
afterAll(() => app.close());

/** What the customer's phone got (the stand-in sent each of these once). */
const received = (phone: string) =>
  fake.delivered
    .filter((r) => (r.body as { number?: string }).number === `55${phone}`)
    .map((r) => (r.body as { text: string }).text);

async function orderWithLostAnswer() {
  // Placed now: the gateway keeps each message with its own (real) time.
  clock.offset = 0;
  const shop: Shop = await createShop(t, 'Doceria Sem Resposta');
  await send(t, 'GET', '/api/whatsapp/generate-qr', { token: shop.token });
  fake.instances.set(`tali-${shop.storeId}`, 'open');
  const bolo = await addProduct(t, shop, { name: 'Bolo', price: '30.00' });
  const phone = nextMobile();
  fake.options.lateSends = 1;
  fake.options.lateMs = 3000;
  const placed = await placeOrder(t, shop, {
    items: [{ productId: bolo, quantity: 1 }],
    customer: { name: 'Joana Silva', phone },
  });
  expect(placed.status).toBe(201);
  await settleOrderMessages();
  // On a loaded machine the state check itself may time out (the message is then held, no
  // attempt spent): the job's next drains send it.
  for (let i = 0; i < 5 && received(phone).length === 0; i++) {
    await drainDueOrderMessages(orderMessageDeps(t.runtime.services));
  }
  return { shop, phone, id: placed.body.id };
}

const states = async (shop: Shop, id: string) =>
  (
    await send<OrderMessageView[]>(t, 'GET', `/api/pedidos/${id}/mensagens`, { token: shop.token })
  ).body.map((m) => [m.kind, m.state]);

const turns = (shop: Shop, phone: string) =>
  t.db
    .select({ author: conversationMessages.author, text: conversationMessages.text })
    .from(conversationMessages)
    .where(
      and(eq(conversationMessages.storeId, shop.storeId), eq(conversationMessages.phone, phone)),
    );

async function drainMany(times: number, until: () => Promise<boolean> = async () => false) {
  for (let i = 0; i < times && !(await until()); i++) {
    later(11);
    await drainDueOrderMessages(orderMessageDeps(t.runtime.services));
  }
}
/** A look-up may itself time out on a loaded machine: the next one, 10 min later, asks again. */
const sentIn = (shop: Shop, id: string) => async () =>
  JSON.stringify(await states(shop, id)) === JSON.stringify([['novo', 'sent']]);

describe('an order message whose answer was lost', () => {
  it('is not sent again on a guess, and the phone’s echo settles it as sent', async () => {
    fake.options.saveMessages = false; // findMessages finds nothing: only the echo can tell.
    try {
      const { shop, phone, id } = await orderWithLostAnswer();
      expect(received(phone)).toHaveLength(1);
      expect(await states(shop, id)).toEqual([['novo', 'unknown']]);
      // Every drain after it (the job, every minute, and past every backoff): nothing resent.
      await drainMany(4);
      expect(received(phone)).toHaveLength(1);
      expect(await states(shop, id)).toEqual([['novo', 'unknown']]);

      // Evolution echoes what the phone sent (messages.upsert, fromMe).
      const hook = fake.webhooks.get(`tali-${shop.storeId}`);
      const echo = upsert(received(phone)[0] ?? '', { from: phone, fromMe: true });
      echo.instance = `tali-${shop.storeId}`;
      const res = await t.app.request(new URL(hook?.url ?? '').pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...hook?.headers },
        body: JSON.stringify(echo),
      });
      expect(res.status).toBe(200);
      expect(await states(shop, id)).toEqual([['novo', 'sent']]);
      // Logged once, as the order's message: the echo was not taken for the owner typing.
      expect((await turns(shop, phone)).map((r) => r.author)).toEqual(['order']);
      await drainMany(2);
      expect(received(phone)).toHaveLength(1);
    } finally {
      fake.options.saveMessages = true;
    }
  });

  it('a look-up at the gateway finds it sent; one marked not delivered is sent again', async () => {
    const { shop, phone, id } = await orderWithLostAnswer();
    expect(await states(shop, id)).toEqual([['novo', 'unknown']]);
    await drainMany(5, sentIn(shop, id));
    expect(await states(shop, id)).toEqual([['novo', 'sent']]);
    expect(received(phone)).toHaveLength(1);
    expect((await turns(shop, phone)).map((r) => r.author)).toEqual(['order']);

    // Another order's answer lost, and WhatsApp marks that message ERROR (not delivered).
    const second = await orderWithLostAnswer();
    const instance = `tali-${second.shop.storeId}`;
    fake.setStatus(instance, (fake.stored.get(instance)?.length ?? 1) - 1, 'ERROR');
    await drainMany(6, sentIn(second.shop, second.id));
    expect(received(second.phone)).toHaveLength(2);
    expect(await states(second.shop, second.id)).toEqual([['novo', 'sent']]);
  });

  it('a drainer that died mid-send leaves it unknown, never resent after its lease', async () => {
    fake.options.saveMessages = false;
    try {
      const { shop, phone, id } = await orderWithLostAnswer();
      // As if the process died between the claim and the answer: 'sending', its lease over.
      await t.db
        .update(orderMessages)
        .set({ state: 'sending', leaseUntil: new Date(Date.now() + clock.offset - 1000) })
        .where(eq(orderMessages.orderId, id));
      await drainMany(3);
      expect(received(phone)).toHaveLength(1);
      expect(await states(shop, id)).toEqual([['novo', 'unknown']]);
    } finally {
      fake.options.saveMessages = true;
    }
  });
});

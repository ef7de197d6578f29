/**
 * The customer told on WhatsApp at placing and at each status change (issue 38), through the
 * Evolution stand-in: one message per transition however often the change is replayed, opted-out
 * customers included, and a disconnected store's overtaken messages dropped and noted.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, orders, stores } from '../../server/db/schema';
import type { OrderMessageView } from '../../server/services/orders/order-message-list';
import {
  drainDueOrderMessages,
  orderMessageDeps,
  settleOrderMessages,
} from '../../server/services/orders/order-messages-send';
import { startOrderMessagesApp } from './evolution-app';
import { type ReplayAnswer, send } from './fixtures';
import { addProduct, createShop, nextMobile, placeOrder, type Shop } from './orders-fixtures';
import type { TestApp } from './test-app';

let app: Awaited<ReturnType<typeof startOrderMessagesApp>>;
let t: TestApp;
let fake: typeof app.fake;

beforeAll(async () => {
  app = await startOrderMessagesApp();
  ({ t, fake } = app);
});
afterAll(() => app.close());

async function connectedShop(): Promise<Shop> {
  const shop = await createShop(t, 'Doceria Aviso');
  await send(t, 'GET', '/api/whatsapp/generate-qr', { token: shop.token });
  fake.instances.set(`tali-${shop.storeId}`, 'open');
  return shop;
}

/** What the customer's phone got, in order. */
const received = (phone: string) =>
  fake.delivered
    .filter((r) => (r.body as { number?: string }).number === `55${phone}`)
    .map((r) => (r.body as { text: string }).text);

const change = (shop: Shop, id: string, body: object, key: string = randomUUID()) =>
  send(t, 'PATCH', `/api/pedidos/${id}`, {
    token: shop.token,
    body,
    headers: { 'Idempotency-Key': key },
  });

describe('WhatsApp messages about the order', () => {
  it('one per transition under replay, to an opted-out customer too', async () => {
    const shop = await connectedShop();
    const bolo = await addProduct(t, shop, { name: 'Bolo', price: '30.00' });
    await t.db
      .update(stores)
      .set({ pixKey: 'pix@doceria.com.br' })
      .where(eq(stores.id, shop.storeId));
    const phone = nextMobile();
    const placed = await placeOrder(t, shop, {
      items: [{ productId: bolo, quantity: 2 }],
      customer: { name: 'Joana Silva', phone },
      paymentMethod: 'pix',
      promoOptIn: false,
    });
    expect(placed.status).toBe(201);
    const { id, code } = placed.body;
    await settleOrderMessages();
    const [first] = received(phone);
    expect(first).toContain(`Olá, Joana! Recebemos seu pedido ${code} (R$ 60,00).`);
    expect(first).toContain(placed.body.orderUrl);
    expect(first).toContain('2 × Bolo — R$ 60,00');
    expect(first).toContain(`Pix copia e cola:\n${placed.body.pix?.brCode}`);
    const [customer] = await t.db.select().from(customers).where(eq(customers.phone, phone));
    expect(customer?.optedOut).toBe(true);

    // The owner's own text for 'confirmado'.
    await send(t, 'PUT', '/api/stores/me', {
      token: shop.token,
      body: { orderMessages: { confirmado: 'Oba, {nome}! {codigo} confirmado, {total}. {link}' } },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    const key = randomUUID();
    const confirm = { status: 'confirmado', fromStatus: 'novo' };
    expect((await change(shop, id, confirm, key)).status).toBe(200);
    // The same request again (its key), a second phone's identical change, the queue's batch.
    expect((await change(shop, id, confirm, key)).status).toBe(200);
    expect((await change(shop, id, confirm)).status).toBe(200);
    const batch = await send<ReplayAnswer>(t, 'POST', '/api/sync/replay', {
      token: shop.token,
      body: {
        mutations: [
          {
            method: 'PUT',
            path: `/api/pedidos/${id}`,
            idempotencyKey: randomUUID(),
            body: JSON.stringify(confirm),
          },
        ],
      },
    });
    expect(batch.body.results[0]?.status).toBe(200);
    await change(shop, id, { status: 'pronto', fromStatus: 'confirmado' });
    await change(shop, id, { status: 'pronto', fromStatus: 'confirmado' });
    await change(shop, id, { status: 'entregue', fromStatus: 'pronto' });
    await settleOrderMessages();
    await drainDueOrderMessages(orderMessageDeps(t.runtime.services));
    const texts = received(phone);
    expect(texts).toHaveLength(4);
    expect(texts[1]).toBe(`Oba, Joana! ${code} confirmado, R$ 60,00. ${placed.body.orderUrl}`);
    expect(texts[2]).toContain('está pronto para retirada');
    expect(texts[3]).toContain('foi entregue');
    const log = await send<OrderMessageView[]>(t, 'GET', `/api/pedidos/${id}/mensagens`, {
      token: shop.token,
    });
    expect(log.body.map((m) => [m.kind, m.state])).toEqual([
      ['novo', 'sent'],
      ['confirmado', 'sent'],
      ['pronto_retirada', 'sent'],
      ['entregue', 'sent'],
    ]);
  });

  it('a text with an unknown {field} is a 400 naming it, and nothing is saved', async () => {
    const shop = await connectedShop();
    const res = await send<{ message: string }>(t, 'PUT', '/api/stores/me', {
      token: shop.token,
      body: { orderMessages: { entregue: 'Entregue, {cliente}! Total {valor}' } },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Mensagem "Entregue": os campos {cliente}, {valor} não existem. Use {nome}, {codigo}, {total} ou {link}.',
    );
    const [store] = await t.db
      .select({ texts: stores.orderMessages })
      .from(stores)
      .where(eq(stores.id, shop.storeId));
    expect(store?.texts ?? {}).toEqual({});
  });

  it('a cancel carries the reason; a delivery says it left', async () => {
    const shop = await connectedShop();
    const pao = await addProduct(t, shop, { name: 'Pão', price: '10.00' });
    const phone = nextMobile();
    const base = { customer: { name: 'Rui', phone }, items: [{ productId: pao, quantity: 1 }] };
    const a = await placeOrder(t, shop, base);
    await change(shop, a.body.id, {
      status: 'cancelado',
      fromStatus: 'novo',
      cancelReason: 'Acabou a fornada',
    });
    const b = await placeOrder(t, shop, {
      ...base,
      delivery: 'entrega',
      address: 'Rua B, 20 - 01001-000',
    });
    await change(shop, b.body.id, { status: 'confirmado', fromStatus: 'novo' });
    await change(shop, b.body.id, { status: 'pronto', fromStatus: 'confirmado' });
    await settleOrderMessages();
    const texts = received(phone);
    expect(texts.find((m) => m.includes('cancelado'))).toContain('Motivo: Acabou a fornada');
    expect(texts.at(-1)).toContain('saiu para entrega');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, a.body.id));
    expect(row?.cancelReason).toBe('Acabou a fornada');
  });

  it('disconnected: sends on reconnect only what is still current, notes the rest', async () => {
    const shop = await connectedShop();
    const pao = await addProduct(t, shop, { name: 'Pão', price: '10.00' });
    fake.instances.set(`tali-${shop.storeId}`, 'close');
    const phone = nextMobile();
    const placed = await placeOrder(t, shop, {
      customer: { name: 'Lia', phone },
      items: [{ productId: pao, quantity: 1 }],
    });
    const { id } = placed.body;
    await change(shop, id, { status: 'confirmado', fromStatus: 'novo' });
    await change(shop, id, { status: 'pronto', fromStatus: 'confirmado' });
    await change(shop, id, { status: 'entregue', fromStatus: 'pronto' });
    await settleOrderMessages();
    const deps = orderMessageDeps(t.runtime.services);
    await drainDueOrderMessages(deps);
    expect(received(phone)).toEqual([]);

    fake.instances.set(`tali-${shop.storeId}`, 'open');
    await drainDueOrderMessages(deps);
    await drainDueOrderMessages(deps);
    expect(received(phone)).toHaveLength(1);
    expect(received(phone)[0]).toContain('foi entregue');
    const log = await send<OrderMessageView[]>(t, 'GET', `/api/pedidos/${id}/mensagens`, {
      token: shop.token,
    });
    expect(log.body.map((m) => [m.kind, m.state])).toEqual([
      ['novo', 'dropped'],
      ['confirmado', 'dropped'],
      ['pronto_retirada', 'dropped'],
      ['entregue', 'sent'],
    ]);
    const page = await send(t, 'GET', placed.body.orderUrl.replace('https://tali.example', ''));
    expect(page.text).toContain(
      'Mensagem não enviada: o WhatsApp estava desconectado e o pedido já está entregue.',
    );
  });
});

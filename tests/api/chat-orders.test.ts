/**
 * The assistant takes an order in the chat (issue 39), driven through the Evolution stand-in's
 * webhook like a customer's phone: the cart built over several messages, the summary, 'SIM'
 * placing one order (with its Pix code sent), ambiguity and stock said, 'cancelar' not opting
 * out, and the owner's hand over the chat.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  chatCarts,
  conversationMessages,
  customers,
  orders,
  products,
} from '../../server/db/schema';
import { cartOf, lanchonete, ordersOf, say } from './chat-orders-harness';
import { openConversationsWorld, until, type World } from './conversations-harness';

let w: World;
beforeAll(async () => {
  w = await openConversationsWorld();
});
afterAll(() => w.close());

describe('an order taken in the chat', () => {
  it('builds the cart over two messages, asks the delivery, and SIM places one order with its Pix', async () => {
    const { owner, ids } = await lanchonete(w);
    const phone = '11955550001';
    const first = await say(w, owner, phone, 'Boa tarde! Quero 2 coxinhas de frango');
    expect(first).toContain('Seu pedido:\n• 2 × Coxinha de frango — R$ 12,00');
    expect(first).toContain('É para entrega ou retirada na loja?');
    const second = await say(w, owner, phone, 'e um guaraná');
    expect(second).toContain('• 1 × Guaraná lata — R$ 5,00');
    expect(await say(w, owner, phone, 'entrega')).toContain('Qual o endereço da entrega');
    const payment = await say(w, owner, phone, 'Rua das Palmeiras, 45 - Vila Nova');
    expect(payment).toContain('Como vai pagar: Pix, dinheiro ou cartão na entrega?');
    const summary = await say(w, owner, phone, 'pix');
    expect(summary).toContain('Entrega (Vila Nova): R$ 5,00');
    expect(summary).toContain('Pagamento: Pix');
    expect(summary).toContain('Total: R$ 22,00');
    expect(summary).toMatch(/Responda SIM para confirmar\.$/);

    const building = (await cartOf(w, owner, phone)).body.cart;
    expect(building).toMatchObject({
      state: 'awaiting',
      items: [
        { productId: ids.frango, name: 'Coxinha de frango', quantity: 2, unitPriceCents: 600 },
        { productId: ids.guarana, name: 'Guaraná lata', quantity: 1, unitPriceCents: 500 },
      ],
      delivery: { kind: 'entrega', bairro: 'Vila Nova' },
      paymentMethod: 'pix',
      totalCents: 2200,
    });

    await say(w, owner, phone, 'SIM');
    const placed = await until(() =>
      w.deliveredTo(owner, phone).find((t) => t.includes('Pix copia e cola:')),
    );
    const orders = await ordersOf(w, owner);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({
      total: '22.00',
      deliveryFee: '5.00',
      paymentMethod: 'pix',
      bairro: 'Vila Nova',
      customerPhone: phone,
      status: 'novo',
      source: 'whatsapp',
    });
    expect(order?.items.map((i) => [i.name, i.quantity, i.unitPrice])).toEqual([
      ['Coxinha de frango', 2, '6.00'],
      ['Guaraná lata', 1, '5.00'],
    ]);
    expect(placed).toContain(order?.code);
    expect(placed).toContain('R$ 22,00');
    expect((await cartOf(w, owner, phone)).body.cart).toMatchObject({ state: 'confirmed' });
    // The thread shows the order's card on its message. The turn is logged just after the
    // gateway took the message (the stand-in may have it a moment before): read until it is.
    let carded: unknown[] = [];
    for (const deadline = Date.now() + 10_000; carded.length === 0 && Date.now() < deadline; ) {
      carded = (await w.thread(owner, phone)).turns.filter((t) => t.orderId === order?.id);
      if (carded.length === 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(carded).toHaveLength(1);

    // Stock is handled as for a storefront order: taken when the owner confirms.
    const confirm = await w.api(owner, 'PATCH', `/api/pedidos/${order?.id}`, {
      status: 'confirmado',
    });
    expect(confirm.status).toBe(200);
    const stock = async (id: string) =>
      (await w.t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]?.s;
    expect(await stock(ids.frango)).toBe(8);
    expect(await stock(ids.guarana)).toBe(4);

    // 'SIM' again, or the gateway delivering the same message twice: still one order.
    await say(w, owner, phone, 'SIM');
    expect(await ordersOf(w, owner)).toHaveLength(1);
  });

  it('places one order when SIM arrives twice at once, and once when the gateway repeats it', async () => {
    const { owner } = await lanchonete(w);
    const phone = '11955550002';
    await say(w, owner, phone, '3 coxinhas de catupiry');
    await say(w, owner, phone, 'vou buscar');
    const ready = await say(w, owner, phone, 'dinheiro');
    expect(ready).toContain('Retirada na loja');
    expect(ready).toContain('Total: R$ 19,50');
    const id = randomUUID();
    await Promise.all([
      w.incoming(owner, 'SIM', { from: phone }),
      w.incoming(owner, 'sim', { from: phone }),
      w.incoming(owner, 'SIM', { from: phone, id }),
    ]);
    await w.incoming(owner, 'SIM', { from: phone, id });
    const orders = await ordersOf(w, owner);
    expect(orders.map((o) => o.total)).toEqual(['19.50']);
    await until(() => w.deliveredTo(owner, phone).find((t) => t.includes(orders[0]?.code ?? '?')));
    await new Promise((r) => setTimeout(r, 200));
    expect(
      w
        .deliveredTo(owner, phone)
        .filter((t) => t.includes('Pedido recebido') || t.includes(orders[0]?.code ?? '?')),
    ).toHaveLength(1);
  });

  it('asks which one when two products fit, and takes the answer', async () => {
    const { owner } = await lanchonete(w);
    const phone = '11955550003';
    const ask = await say(w, owner, phone, 'quero 2 coxinhas');
    expect(ask).toBe('Temos Coxinha de catupiry e Coxinha de frango: qual?');
    expect((await cartOf(w, owner, phone)).body.cart).toMatchObject({ state: 'open', items: [] });
    const answer = await say(w, owner, phone, 'de catupiry');
    expect(answer).toContain('• 2 × Coxinha de catupiry — R$ 13,00');
  });

  it('says what is out of stock or not sold, with the nearest names, and adds nothing of it', async () => {
    const { owner } = await lanchonete(w);
    const phone = '11955550004';
    const sold = await say(w, owner, phone, 'quero 2 sonhos e 1 coxinha de frango');
    expect(sold).toContain('Sonho está esgotado no momento.');
    expect(sold).toContain('• 1 × Coxinha de frango — R$ 6,00');
    const few = await say(w, owner, phone, 'mais 9 guaranás');
    expect(few).toContain('Temos só 5 de Guaraná lata no momento.');
    // Not shown on the storefront: never offered, not even as the nearest name.
    const hidden = await say(w, owner, phone, 'e uma torta de palmito');
    expect(hidden).toContain('Não encontrei "torta de palmito"');
    expect(hidden).not.toContain('Torta de palmito');
    const cart = (await cartOf(w, owner, phone)).body.cart;
    expect(cart?.items.map((i) => [i.name, i.quantity])).toEqual([['Coxinha de frango', 1]]);
  });

  it("'cancelar' cancels the cart without opting out; 'SAIR' still opts out", async () => {
    const { owner } = await lanchonete(w);
    const phone = '11955550005';
    await say(w, owner, phone, 'quero 1 coxinha de frango');
    const cancelled = await say(w, owner, phone, 'cancelar');
    expect(cancelled).toContain('Pedido cancelado.');
    expect((await cartOf(w, owner, phone)).body.cart).toMatchObject({ state: 'cancelled' });
    const rows = await w.t.db
      .select({ optedOut: customers.optedOut })
      .from(customers)
      .where(eq(customers.storeId, owner.storeId));
    expect(rows.every((r) => !r.optedOut)).toBe(true);
    expect(await say(w, owner, phone, 'SAIR')).toContain('Você não vai mais receber');
  });

  it('leaves the cart alone while the owner has the chat, and a greeting or a supplier gets none', async () => {
    const { owner } = await lanchonete(w);
    const phone = '11955550006';
    await say(w, owner, phone, 'quero 2 coxinhas de frango');
    await w.reply(owner, phone, 'Oi Maria, aqui é a Ana! Já anoto.', randomUUID());
    expect(await say(w, owner, phone, 'e 2 guaranás')).toBe('');
    expect((await cartOf(w, owner, phone)).body.cart?.items).toHaveLength(1);
    expect(await say(w, owner, phone, 'SIM')).toBe('');
    expect(await ordersOf(w, owner)).toEqual([]);
    // A customer asking for a person gets one, cart or not.
    const other = '11955550007';
    await say(w, owner, other, 'quero 1 coxinha de frango');
    expect(await say(w, owner, other, 'quero falar com um atendente')).toContain(
      'Já chamei a equipe',
    );
    // A greeting, a supplier: no cart.
    const hello = '11955550008';
    await say(w, owner, hello, 'oi, boa tarde');
    await say(
      w,
      owner,
      hello,
      'Sou representante da distribuidora, posso deixar 20 caixas de guaraná?',
    );
    expect((await cartOf(w, owner, hello)).body.cart).toBeNull();
  });

  it("is not cut by the per-minute reply cap mid-order, and another store's chat is a 404", async () => {
    const { owner } = await lanchonete(w);
    const phone = '11955550009';
    for (const text of [
      '1 coxinha de frango',
      'mais 1 coxinha de frango',
      'e 1 guaraná',
      'retirada',
      'pix',
    ]) {
      expect(await say(w, owner, phone, text), text).not.toBe('');
    }
    const other = await lanchonete(w);
    const res = await cartOf(w, other.owner, phone);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Conversa não encontrada');
    const turns = await w.t.db
      .select({ author: conversationMessages.author })
      .from(conversationMessages)
      .where(eq(conversationMessages.phone, phone));
    expect(turns.filter((t) => t.author === 'assistant')).toHaveLength(5);
  });

  it("erasing the customer (LGPD) takes the chat's carts with it", async () => {
    const { owner } = await lanchonete(w);
    const phone = '11955550010';
    await say(w, owner, phone, 'quero 2 coxinhas de frango, retirada, pix');
    await say(w, owner, phone, 'SIM');
    await say(w, owner, phone, 'quero mais 2 coxinhas de catupiry');
    const [customer] = await w.t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.phone, phone));
    const erased = await w.api(owner, 'POST', `/api/customers/${customer?.id}/eliminar`);
    expect(erased.status).toBe(200);
    const left = await w.t.db.select().from(chatCarts).where(eq(chatCarts.phone, phone));
    expect(left).toEqual([]);
  });

  it('attributes the order to the campaign the customer received in the last days, as a link would', async () => {
    const { owner } = await lanchonete(w);
    const day = new Date(w.clock.now.getTime() - 86_400_000);
    const [campaign] = await w.t.db
      .insert(campaigns)
      .values({
        storeId: owner.storeId,
        titulo: 'Coxinha em dobro',
        mensagem: 'Promoção',
        status: 'enviado',
        confirmedAt: day,
        startedAt: day,
        sentAt: day,
        recipientCount: 1,
      })
      .returning({ id: campaigns.id });
    const reached = '11955550011';
    await w.t.db.insert(campaignRecipients).values({
      campaignId: campaign?.id ?? '',
      storeId: owner.storeId,
      customerId: randomUUID(),
      name: 'Maria',
      phone: reached,
      status: 'sent',
      sentAt: day,
    });
    for (const phone of [reached, '11955550012']) {
      await say(w, owner, phone, '2 coxinhas de frango pra retirada, pago no pix');
      await say(w, owner, phone, 'SIM');
    }
    const rows = await w.t.db
      .select({ phone: orders.customerPhone, campaignId: orders.campaignId })
      .from(orders)
      .where(eq(orders.storeId, owner.storeId));
    expect(rows.map((r) => [r.phone, r.campaignId]).sort()).toEqual([
      [reached, campaign?.id],
      ['11955550012', null],
    ]);
  });
});

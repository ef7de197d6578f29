import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedOrder, OrderStatus } from '~/domain/order';
import { changeOrderStatus, changePaymentStatus } from './orders-repo';
import { recordRefusal } from './refusals';
import { pull } from './sync-engine';
import { json, syncPage, testContext } from './test-support';

const queued = () => json(202, { queued: true });
let ctx = testContext(queued);
beforeEach(() => {
  ctx = testContext(queued);
});
afterEach(() => ctx.db.delete());

/** One order as the feed (and, with its times, the API) carries it. */
const order = (status: OrderStatus, revision: number): FeedOrder & { deleted: false } => ({
  id: 'o1',
  code: 'P-4K7Q',
  status,
  customerId: null,
  customerName: 'Maria',
  customerPhone: '11988887777',
  delivery: 'retirada',
  address: null,
  bairro: null,
  note: '',
  total: '8.00',
  deliveryFee: '0.00',
  paymentMethod: null,
  paymentStatus: 'pendente',
  paymentChanges: 0,
  troco: null,
  campaignId: null,
  source: 'loja',
  createdAt: '2026-11-28T09:00:00.000Z',
  confirmedAt: status === 'novo' ? null : '2026-11-28T09:05:00.000Z',
  readyAt: status === 'pronto' ? '2026-11-28T09:10:00.000Z' : null,
  deliveredAt: null,
  cancelledAt: null,
  cancelReason: null,
  revision,
  deleted: false,
  items: [
    { id: 'i1', productId: 'p1', name: 'Torta', unitPrice: '2.00', quantity: 4, position: 0 },
  ],
});

const STALE =
  'O pedido P-4K7Q está pronto agora, não novo: a mudança para cancelado não foi feita.';

async function pulled(status: OrderStatus) {
  ctx.respond(() => json(200, syncPage({ orders: [order(status, 3)], cursor: '3' })));
  await pull(ctx);
  const row = await ctx.db.orders.get('o1');
  if (!row) throw new Error('not pulled');
  return row;
}

describe('an order status changed on the phone', () => {
  it('says the state it was made from, and a second offline tap starts from the first', async () => {
    const row = await pulled('novo');
    ctx.respond(queued);
    await changeOrderStatus(row, 'confirmado', ctx);
    const now = await ctx.db.orders.get('o1');
    await changeOrderStatus(now ?? row, 'pronto', ctx);
    expect(ctx.sent.slice(-2).map((r) => [r.method, r.url, r.body])).toEqual([
      ['PUT', '/api/pedidos/o1', { status: 'confirmado', fromStatus: 'novo' }],
      ['PUT', '/api/pedidos/o1', { status: 'pronto', fromStatus: 'confirmado' }],
    ]);
    expect(await ctx.db.orders.get('o1')).toMatchObject({ status: 'pronto', pending: 1 });
  });

  it('refused as stale, shows the server’s order (not pending) and keeps the refusal', async () => {
    const row = await pulled('novo');
    const current = { ...order('pronto', 5), updatedAt: '2026-11-28T09:10:00.000Z' };
    ctx.respond(() => json(409, { message: STALE, current }));
    const { result } = await changeOrderStatus(row, 'cancelado', ctx);
    expect(result).toMatchObject({ status: 'refused', httpStatus: 409, message: STALE });
    expect(await ctx.db.orders.get('o1')).toMatchObject({
      status: 'pronto',
      revision: 5,
      pending: 0,
      cancelledAt: null,
    });
    const letters = await ctx.db.deadLetters.toArray();
    expect(letters).toMatchObject([
      { entity: 'order', entityId: 'o1', status: 409, message: STALE },
    ]);
  });

  it('keeps the owner’s pending row when a refusal carries no row (out of stock)', async () => {
    const row = await pulled('novo');
    ctx.respond(() => json(409, { message: 'Estoque insuficiente para "Torta"' }));
    await changeOrderStatus(row, 'confirmado', ctx);
    expect(await ctx.db.orders.get('o1')).toMatchObject({ status: 'confirmado', pending: 1 });
  });

  it('from the worker’s replay too (the same record), never older than what a pull showed', async () => {
    await pulled('novo');
    const refusal = {
      method: 'PUT',
      url: '/api/pedidos/o1',
      body: '{"status":"cancelado","fromStatus":"novo"}',
      status: 409,
      message: STALE,
      entity: 'order:o1',
    };
    await recordRefusal(ctx.db, { ...refusal, current: order('pronto', 5) });
    expect(await ctx.db.orders.get('o1')).toMatchObject({ status: 'pronto', revision: 5 });
    // A late refusal carrying an older state than the one shown changes nothing.
    await recordRefusal(ctx.db, { ...refusal, current: order('confirmado', 4) });
    expect(await ctx.db.orders.get('o1')).toMatchObject({ status: 'pronto', revision: 5 });
    expect(await ctx.db.deadLetters.count()).toBe(2);
  });
});

describe("'Marcar como pago' on the phone", () => {
  it('sends only the payment, from the state and count shown; a second offline tap counts on', async () => {
    const row = await pulled('confirmado');
    ctx.respond(queued);
    await changePaymentStatus(row, 'pago', ctx);
    const paid = await ctx.db.orders.get('o1');
    expect(paid).toMatchObject({ paymentStatus: 'pago', paymentChanges: 1, pending: 1 });
    await changePaymentStatus(paid ?? row, 'pendente', ctx);
    expect(ctx.sent.slice(-2).map((r) => r.body)).toEqual([
      { paymentStatus: 'pago', fromPaymentStatus: 'pendente', fromPaymentChanges: 0 },
      { paymentStatus: 'pendente', fromPaymentStatus: 'pago', fromPaymentChanges: 1 },
    ]);
    // A status change after it carries no payment.
    await changeOrderStatus((await ctx.db.orders.get('o1')) ?? row, 'pronto', ctx);
    expect(ctx.sent.at(-1)?.body).toEqual({ status: 'pronto', fromStatus: 'confirmado' });
    // A cancel carries the reason the owner typed (the customer's message says it).
    await changeOrderStatus((await ctx.db.orders.get('o1')) ?? row, 'cancelado', ctx, 'Sem massa');
    expect(ctx.sent.at(-1)?.body).toEqual({
      status: 'cancelado',
      fromStatus: 'pronto',
      cancelReason: 'Sem massa',
    });
  });
});

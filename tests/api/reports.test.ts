/**
 * GET /api/relatorios (issue 41): the sales and campaign sections of a period for the caller's
 * store, equal to the cent to what the device computes from the rows its feed brings, on a
 * seeded store (cancelled orders, midnight edges, a campaign without orders); 400 in Portuguese.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  orders,
  payments,
  whatsappReceipts,
} from '../../server/db/schema';
import type { ReportAnswer } from '../../server/services/reports/report';
import type { FeedOrder } from '../../src/domain/order';
import { periodOfDays } from '../../src/domain/reports/period';
import { salesAndCampaigns } from '../../src/domain/reports/report';
import { reportOrderOf } from '../../src/domain/reports/rows';
import { send } from './fixtures';
import { addProduct, createShop, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TZ = 'America/Sao_Paulo';

/** An order of `price` × `quantity`, placed at `at`, moved to `status`. */
async function orderAt(shop: Shop, product: string, quantity: number, at: string, status: string) {
  const placed = await placeOrder(t, shop, { items: [{ productId: product, quantity }] });
  expect(placed.status).toBe(201);
  const steps = status === 'cancelado' ? ['cancelado'] : ['confirmado', 'pronto', 'entregue'];
  for (const s of steps.slice(0, status === 'novo' ? 0 : steps.indexOf(status) + 1)) {
    const res = await send(t, 'PATCH', `/api/pedidos/${placed.body.id}`, {
      token: shop.token,
      body: { status: s },
    });
    expect(res.status).toBe(200);
  }
  await t.db
    .update(orders)
    .set({ createdAt: new Date(at) })
    .where(eq(orders.id, placed.body.id));
  return placed.body.id as string;
}

/** A campaign begun at `startedAt`, paid `valor`, whose messages were sent / delivered / read. */
async function campaignAt(shop: Shop, startedAt: string, valor: string, receipts: string[]) {
  const id = randomUUID();
  await t.db.insert(campaigns).values({
    id,
    storeId: shop.storeId,
    titulo: `Promo ${valor}`,
    mensagem: 'Olá',
    status: 'enviado',
    startedAt: new Date(startedAt),
    recipientCount: receipts.length,
  });
  await t.db.insert(payments).values({
    campaignId: id,
    storeId: shop.storeId,
    valor,
    status: 'pago',
    txid: randomUUID().replace(/-/g, ''),
  });
  for (const [i, state] of receipts.entries()) {
    const messageId = `${id}-${i}`;
    await t.db.insert(campaignRecipients).values({
      campaignId: id,
      storeId: shop.storeId,
      customerId: randomUUID(),
      name: `C${i}`,
      phone: `119876500${String(i).padStart(2, '0')}`,
      status: 'sent',
      gatewayMessageId: messageId,
    });
    if (state === 'sent') continue;
    const when = new Date(startedAt);
    await t.db.insert(whatsappReceipts).values({
      storeId: shop.storeId,
      messageId,
      deliveredAt: when,
      readAt: state === 'read' ? when : null,
    });
  }
  return id;
}

const report = (shop: Shop, query: string) =>
  send<ReportAnswer & { message?: string }>(t, 'GET', `/api/relatorios${query}`, {
    token: shop.token,
  });

describe('GET /api/relatorios', () => {
  it("answers the device's figures to the cent, scoped to the store", async () => {
    const shop = await createShop(t, 'Loja Relatórios');
    const bolo = await addProduct(t, shop, { name: 'Bolo', price: '12.34' });
    // 9 March 2026 in São Paulo: 03:00Z on the 9th to 03:00Z on the 10th.
    const first = await orderAt(shop, bolo, 2, '2026-03-09T03:00:00Z', 'entregue');
    await orderAt(shop, bolo, 1, '2026-03-10T02:59:59Z', 'entregue');
    await orderAt(shop, bolo, 5, '2026-03-09T15:00:00Z', 'cancelado');
    await orderAt(shop, bolo, 3, '2026-03-09T16:00:00Z', 'pronto');
    await orderAt(shop, bolo, 7, '2026-03-10T03:00:00Z', 'entregue'); // the 10th
    await orderAt(shop, bolo, 4, '2026-03-09T02:59:59Z', 'entregue'); // the 8th
    const paidCampaign = await campaignAt(shop, '2026-03-09T12:00:00Z', '25.00', [
      'read',
      'read',
      'delivered',
      'sent',
    ]);
    const emptyCampaign = await campaignAt(shop, '2026-03-09T20:00:00Z', '10.00', ['delivered']);
    await t.db.update(orders).set({ campaignId: paidCampaign }).where(eq(orders.id, first));
    // Another store's order the same day: never in this store's report.
    const other = await createShop(t, 'Outra Loja');
    await orderAt(
      other,
      await addProduct(t, other, { name: 'X', price: '99.00' }),
      1,
      '2026-03-09T12:00:00Z',
      'entregue',
    );

    const res = await report(shop, '?de=2026-03-09&ate=2026-03-09');
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.timeZone).toBe(TZ);
    expect(body.sales).toMatchObject({
      revenueCents: 3 * 1234,
      orders: 2,
      averageTicketCents: 1851,
      cancelled: 1,
      toBePaidCents: 6 * 1234,
    });
    expect(body.previousSales.revenueCents).toBe(4 * 1234);
    expect(
      body.campaigns.map((c) => [c.id, c.costCents, c.orders, c.revenueCents, c.return]),
    ).toEqual([
      [emptyCampaign, 1000, 0, 0, 0],
      [paidCampaign, 2500, 1, 2468, 0.99],
    ]);
    expect(body.campaigns[1]).toMatchObject({ deliveredRate: 75, readRate: 50 });

    // The device: the rows its feed brings (each order with the campaign it came through), and
    // the campaigns' facts of the answer (cost, receipts), through the same mapping and functions.
    const feed = await send<{ orders: FeedOrder[] }>(t, 'GET', '/api/sync?since=0', {
      token: shop.token,
    });
    expect(feed.body.orders.find((o) => o.id === first)?.campaignId).toBe(paidCampaign);
    expect(feed.body.orders.filter((o) => o.campaignId)).toHaveLength(1);
    expect(body.campaignFacts.map((c) => [c.id, c.costCents, c.sent, c.delivered, c.read])).toEqual(
      expect.arrayContaining([
        [paidCampaign, 2500, 4, 3, 2],
        [emptyCampaign, 1000, 1, 1, 0],
      ]),
    );
    const device = salesAndCampaigns(
      { orders: feed.body.orders.map(reportOrderOf), campaigns: body.campaignFacts },
      periodOfDays('2026-03-09', '2026-03-09', TZ),
      TZ,
    );
    expect(body.sales).toEqual(device.sales);
    expect(body.previousSales).toEqual(device.previousSales);
    expect(body.period).toEqual(device.period);
    expect(body.campaigns).toEqual(device.campaigns);
  });

  it("counts a campaign's orders placed after the period, on the server and the phone alike", async () => {
    const shop = await createShop(t, 'Loja Campanha Longa');
    const bolo = await addProduct(t, shop, { name: 'Bolo', price: '19.99' });
    const campaign = await campaignAt(shop, '2026-03-09T23:00:00Z', '7.50', ['read']);
    // Through its link: one the next day (outside a period of the 9th), one cancelled.
    const late = await orderAt(shop, bolo, 3, '2026-03-11T15:00:00Z', 'entregue');
    const cancelled = await orderAt(shop, bolo, 1, '2026-03-10T15:00:00Z', 'cancelado');
    await t.db.update(orders).set({ campaignId: campaign }).where(eq(orders.id, late));
    await t.db.update(orders).set({ campaignId: campaign }).where(eq(orders.id, cancelled));

    const res = await report(shop, '?de=2026-03-09&ate=2026-03-09');
    expect(res.status).toBe(200);
    expect(res.body.campaigns).toEqual([
      expect.objectContaining({
        id: campaign,
        costCents: 750,
        orders: 1,
        revenueCents: 5997,
        return: 8,
        deliveredRate: 100,
        readRate: 100,
      }),
    ]);
    const feed = await send<{ orders: FeedOrder[] }>(t, 'GET', '/api/sync?since=0', {
      token: shop.token,
    });
    const device = salesAndCampaigns(
      { orders: feed.body.orders.map(reportOrderOf), campaigns: res.body.campaignFacts },
      periodOfDays('2026-03-09', '2026-03-09', TZ),
      TZ,
    );
    expect(device.campaigns).toEqual(res.body.campaigns);
  });

  it('refuses bad dates with a 400 in Portuguese', async () => {
    const shop = await createShop(t);
    const cases: Array<[string, string]> = [
      ['', 'Informe as datas de início e fim (de e ate, AAAA-MM-DD).'],
      ['?de=2026-02-30&ate=2026-03-01', 'Data de início inválida: use AAAA-MM-DD.'],
      ['?de=2026-03-01&ate=amanha', 'Data de fim inválida: use AAAA-MM-DD.'],
      ['?de=2026-03-02&ate=2026-03-01', 'A data de fim deve ser igual ou posterior à de início.'],
      ['?de=2020-01-01&ate=2026-03-01', 'O período pode ter no máximo 366 dias.'],
    ];
    for (const [query, message] of cases) {
      const res = await report(shop, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('needs a signed-in owner', async () => {
    const res = await send(t, 'GET', '/api/relatorios?de=2026-03-01&ate=2026-03-01');
    expect(res.status).toBe(401);
  });
});

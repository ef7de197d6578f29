/** Campaigns bring orders back (issue 20): an order through a campaign's link within 7 days counts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../server/db/schema';
import type { CampaignOrders } from '../../server/services/orders/campaign-orders';
import { send } from './fixtures';
import { addProduct, createShop, type OrderAnswer, placeOrder, type Shop } from './orders-fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
});
afterAll(() => t.close());

async function sentCampaign(shop: Shop, titulo: string, daysAgo: number): Promise<string> {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  const [row] = await t.db
    .insert(campaigns)
    .values({
      storeId: shop.storeId,
      titulo,
      mensagem: 'Promoção',
      status: 'enviado',
      confirmedAt: at,
      startedAt: at,
      sentAt: at,
      recipientCount: 3,
    })
    .returning({ id: campaigns.id });
  return row?.id ?? '';
}

describe('orders a campaign brought back', () => {
  it('counts the orders placed through its link within 7 days, not cancelled, with their total', async () => {
    const shop = await createShop(t);
    const p = await addProduct(t, shop, { name: 'Bolo', price: '47.50' });
    const recent = await sentCampaign(shop, 'Recente', 1);
    const old = await sentCampaign(shop, 'Antiga', 8);
    const other = await createShop(t, 'Outra');
    const foreign = await sentCampaign(other, 'De outra loja', 1);
    for (const campaign of [recent, recent, recent, old, foreign]) {
      const res = await placeOrder(t, shop, { items: [{ productId: p, quantity: 1 }], campaign });
      expect(res.status).toBe(201);
    }
    const cancelled = await placeOrder(t, shop, {
      items: [{ productId: p, quantity: 2 }],
      campaign: recent,
    });
    const cancel = await send<OrderAnswer>(t, 'PATCH', `/api/pedidos/${cancelled.body.id}`, {
      token: shop.token,
      body: { status: 'cancelado' },
    });
    expect(cancel.status).toBe(200);

    const list = await send<{ titulo: string; orders: CampaignOrders }[]>(
      t,
      'GET',
      '/api/campanhas',
      { token: shop.token },
    );
    const byTitle = Object.fromEntries(
      list.body.map((c: { titulo: string; orders: unknown }) => [c.titulo, c.orders]),
    );
    expect(byTitle).toEqual({
      Recente: { count: 3, total: '142.50' },
      Antiga: { count: 0, total: '0.00' },
    });
    const report = await send<{ campaign: { orders: CampaignOrders } }>(
      t,
      'GET',
      `/api/campanhas/${recent}/relatorio`,
      {
        token: shop.token,
      },
    );
    expect(report.body.campaign.orders).toEqual({ count: 3, total: '142.50' });
  });
});

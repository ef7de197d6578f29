/**
 * LGPD tests' customer with every category of data (issue 40): an order placed on the
 * storefront, a label, a conversation, a campaign delivery with its receipts, beside another
 * customer of the same campaign whose data must stay.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  campaignRecipients,
  campaigns,
  conversationMessages,
  customers,
  orders,
  whatsappReceipts,
} from '../../server/db/schema';
import { newId } from './fixtures';
import { addProduct, createShop, placeOrder, type Shop } from './orders-fixtures';
import type { TestApp } from './test-app';

export type Seeded = {
  shop: Shop;
  customerId: string;
  otherId: string;
  orderId: string;
  campaignId: string;
  labelId: string;
  phone: string;
};

let seq = 0;
const mobile = () =>
  `1197${String(Date.now() % 1e5).padStart(5, '0')}${String(++seq % 100).padStart(2, '0')}`;

export async function seedCustomer(t: TestApp, storeName = 'Mercearia da Rua'): Promise<Seeded> {
  const shop = await createShop(t, storeName);
  const phone = mobile();
  const productId = await addProduct(t, shop, { name: 'Café 500g', price: '21.90' });
  const placed = await placeOrder(t, shop, {
    items: [{ productId, quantity: 2 }],
    customer: { name: 'Ana Souza', phone },
    delivery: 'entrega',
    address: 'Rua das Flores, 12',
    note: 'Deixar com o porteiro',
    promoOptIn: true,
  });
  if (placed.status !== 201) throw new Error(`order: ${JSON.stringify(placed.body)}`);
  const [order] = await t.db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.storeId, shop.storeId));
  if (!order?.customerId) throw new Error('order without customer');
  const customerId = order.customerId;

  const labelId = newId();
  await t.call('POST', '/api/etiquetas', { id: labelId, name: 'VIP' }, shop.token);
  const tagged = await t.call(
    'PUT',
    `/api/customers/${customerId}`,
    { labels: [labelId] },
    shop.token,
  );
  if (tagged.status !== 200) throw new Error(`label: ${JSON.stringify(tagged.body)}`);

  const at = new Date(Date.now() - 60_000);
  await t.db.insert(conversationMessages).values([
    {
      storeId: shop.storeId,
      customerId,
      phone,
      direction: 'in',
      author: 'customer',
      text: '=Tem pão?',
      createdAt: at,
    },
    {
      storeId: shop.storeId,
      customerId,
      phone,
      direction: 'out',
      author: 'assistant',
      text: 'Temos sim!',
      createdAt: new Date(at.getTime() + 1000),
    },
  ]);

  const otherId = randomUUID();
  await t.db
    .insert(customers)
    .values({ id: otherId, storeId: shop.storeId, name: 'Bia Lima', phone: mobile() });
  const campaignId = randomUUID();
  await t.db.insert(campaigns).values({
    id: campaignId,
    storeId: shop.storeId,
    titulo: 'Promoção de sábado',
    mensagem: 'Café em dobro',
    status: 'enviado',
    sentCount: 2,
    recipientCount: 2,
    confirmedAt: at,
    startedAt: at,
    sentAt: at,
  });
  const sent = (id: string, name: string, number: string, mid: string) => ({
    campaignId,
    storeId: shop.storeId,
    customerId: id,
    name,
    phone: number,
    status: 'sent',
    sentAt: at,
    gatewayMessageId: mid,
  });
  const [otherRow] = await t.db.select().from(customers).where(eq(customers.id, otherId));
  await t.db
    .insert(campaignRecipients)
    .values([
      sent(customerId, 'Ana Souza', phone, `m-ana-${campaignId}`),
      sent(otherId, 'Bia Lima', otherRow?.phone ?? '', `m-bia-${campaignId}`),
    ]);
  await t.db.insert(whatsappReceipts).values([
    { storeId: shop.storeId, messageId: `m-ana-${campaignId}`, deliveredAt: at, readAt: at },
    { storeId: shop.storeId, messageId: `m-bia-${campaignId}`, deliveredAt: at },
  ]);
  return { shop, customerId, otherId, orderId: order.id, campaignId, labelId, phone };
}

/**
 * Everything the store holds on one customer, for GET /api/customers/:id/dados (LGPD art. 18 II
 * and V, decision 024): profile, labels, consent events, orders with items, the conversation,
 * campaign deliveries with their receipts, and the customer's own requests. One read-only
 * snapshot; a deleted or erased customer is 404 (nothing to export).
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { CustomerDataExport } from '../../../src/domain/privacy';
import { CUSTOMERS } from '../../../src/domain/sync/entities';
import type { Db } from '../../db/client';
import {
  campaignRecipients,
  campaigns,
  conversationMessages,
  customerLabels,
  customers,
  labels,
  orderItems,
  orders,
  privacyRequests,
  stores,
  whatsappReceipts,
} from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import { phoneVariants, toInternational } from '../whatsapp/phone-jid';
import { consentEventsOf } from './consent-of';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function ordersOf(tx: Tx, storeId: string, customerId: string, phones: string[]) {
  const list = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        isNull(orders.deletedAt),
        or(eq(orders.customerId, customerId), inArray(orders.customerPhone, phones)),
      ),
    )
    .orderBy(asc(orders.createdAt));
  const items = list.length
    ? await tx
        .select()
        .from(orderItems)
        .where(
          and(
            inArray(
              orderItems.orderId,
              list.map((o) => o.id),
            ),
            isNull(orderItems.deletedAt),
          ),
        )
        .orderBy(asc(orderItems.position))
    : [];
  return list.map((o) => ({
    code: o.code,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    delivery: o.delivery,
    address: o.address,
    note: o.note,
    total: o.total,
    items: items
      .filter((i) => i.orderId === o.id)
      .map((i) => ({ name: i.name, unitPrice: i.unitPrice, quantity: i.quantity })),
  }));
}

async function deliveriesOf(tx: Tx, storeId: string, customerId: string) {
  const rows = await tx
    .select({
      campaign: campaigns.titulo,
      status: campaignRecipients.status,
      sentAt: campaignRecipients.sentAt,
      deliveredAt: whatsappReceipts.deliveredAt,
      readAt: whatsappReceipts.readAt,
      failedAt: whatsappReceipts.failedAt,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .leftJoin(
      whatsappReceipts,
      sql`${whatsappReceipts.storeId} = ${campaignRecipients.storeId}
        and ${whatsappReceipts.messageId} = ${campaignRecipients.gatewayMessageId}`,
    )
    .where(
      and(eq(campaignRecipients.storeId, storeId), eq(campaignRecipients.customerId, customerId)),
    )
    .orderBy(asc(campaignRecipients.createdAt));
  return rows.map((r) => ({
    campaign: r.campaign,
    status: r.status,
    sentAt: iso(r.sentAt),
    deliveredAt: iso(r.deliveredAt),
    readAt: iso(r.readAt),
    failedAt: iso(r.failedAt),
  }));
}

async function collect(tx: Tx, storeId: string, id: string, now: Date) {
  const [row] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), eq(customers.storeId, storeId), isNull(customers.deletedAt)));
  if (!row) throw new ApiError(404, CUSTOMERS.messages.notFound);
  const [store] = await tx
    .select({ name: stores.name, cnpj: stores.cnpj })
    .from(stores)
    .where(eq(stores.id, storeId));
  const phones = phoneVariants(row.phone);
  const everyForm = [...phones, ...phones.map(toInternational)];
  const tags = await tx
    .select({ id: labels.id, name: labels.name })
    .from(customerLabels)
    .innerJoin(labels, eq(labels.id, customerLabels.labelId))
    .where(and(eq(customerLabels.customerId, id), isNull(labels.deletedAt)))
    .orderBy(asc(labels.name));
  const turns = await tx
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.storeId, storeId),
        or(eq(conversationMessages.customerId, id), inArray(conversationMessages.phone, everyForm)),
      ),
    )
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  const requests = await tx
    .select()
    .from(privacyRequests)
    .where(and(eq(privacyRequests.storeId, storeId), inArray(privacyRequests.phone, phones)))
    .orderBy(asc(privacyRequests.createdAt));
  const data: CustomerDataExport = {
    exportedAt: now.toISOString(),
    store: { name: store?.name ?? '', cnpj: store?.cnpj ?? '' },
    customer: {
      id: row.id,
      name: row.name,
      phone: row.phone,
      createdAt: row.createdAt.toISOString(),
      optedOut: row.optedOut,
      optedOutAt: iso(row.optedOutAt),
    },
    labels: tags,
    consentEvents: await consentEventsOf(tx, id),
    orders: await ordersOf(tx, storeId, id, phones),
    conversation: turns.map((t) => ({
      at: t.createdAt.toISOString(),
      direction: t.direction,
      author: t.author,
      text: t.text,
    })),
    campaignDeliveries: await deliveriesOf(tx, storeId, id),
    requests: requests.map((r) => ({
      kind: r.kind,
      createdAt: r.createdAt.toISOString(),
      answeredAt: iso(r.answeredAt),
    })),
  };
  return data;
}

/** One consistent read of the customer's data (404 when not the store's live customer). */
export function customerData(
  db: Db,
  storeId: string,
  id: string,
  now: Date,
): Promise<CustomerDataExport> {
  return db.transaction((tx) => collect(tx, storeId, id, now), {
    accessMode: 'read only',
    isolationLevel: 'repeatable read',
  });
}

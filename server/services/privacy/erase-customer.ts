/**
 * Erasing a customer's data at their request (LGPD art. 18 VI, decision 024), in one transaction
 * under the store's write lock: the customer becomes a tombstone without name or phone (through
 * the sync engine's delete, so every device drops it on its next pull), its conversation,
 * receipts, labels and consent texts are deleted, and the store's records keep what is theirs
 * without identity: orders keep items, totals and dates; campaign reports keep their counts.
 * No phone is hashed: a hash of a phone number is reversible by enumeration (art. 12).
 */
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { ERASED_NAME, type EraseAnswer, PHONE_CHAT_NOTE } from '../../../src/domain/privacy';
import { CUSTOMERS } from '../../../src/domain/sync/entities';
import type { Outcome } from '../../db/idempotency';
import {
  campaignRecipients,
  chatCarts,
  consentEvents,
  conversationMessages,
  conversations,
  customerLabels,
  customers,
  idempotencyKeys,
  orderMessages,
  orders,
  privacyCodes,
  privacyRequests,
  sandboxMessages,
} from '../../db/schema';
import { rowsOf } from '../../db/sql-rows';
import type { StoreTx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import { customerTable } from '../catalogue/customers-repo';
import { chatTombstone } from '../conversations/retention';
import { nextRevision } from '../sync/revision';
import { deleteSynced } from '../sync/synced-writes';
import { phoneVariants, toInternational } from '../whatsapp/phone-jid';

/** A second erase (a retry whose answer was lost): nothing is left to erase. */
export const ALREADY_ERASED = 'Os dados deste cliente já foram eliminados.';

const count = (rows: unknown) => rowsOf(rows).length;

/** Receipts of the customer's campaign messages: folded into the reports' totals, then deleted. */
async function eraseReceipts(tx: StoreTx, storeId: string, customerId: string, now: Date) {
  await tx.execute(sql`
    insert into campaign_receipt_totals (campaign_id, store_id, delivered, read, failed, purged_at)
    select cr.campaign_id, cr.store_id,
      count(*) filter (where w.read_at is null and w.delivered_at is not null),
      count(*) filter (where w.read_at is not null),
      count(*) filter (where w.read_at is null and w.delivered_at is null and w.failed_at is not null),
      ${now.toISOString()}::timestamptz
    from campaign_recipients cr
    join whatsapp_receipts w on w.store_id = cr.store_id and w.message_id = cr.gateway_message_id
    where cr.store_id = ${storeId} and cr.customer_id = ${customerId} and cr.status = 'sent'
    group by cr.campaign_id, cr.store_id
    on conflict (campaign_id) do update set
      delivered = campaign_receipt_totals.delivered + excluded.delivered,
      read = campaign_receipt_totals.read + excluded.read,
      failed = campaign_receipt_totals.failed + excluded.failed,
      purged_at = excluded.purged_at`);
  return count(
    await tx.execute(sql`
      delete from whatsapp_receipts w using campaign_recipients cr
      where cr.store_id = ${storeId} and cr.customer_id = ${customerId}
        and w.store_id = cr.store_id and w.message_id = cr.gateway_message_id
      returning w.message_id`),
  );
}

/** The store's orders of this customer: identity removed, a new revision so devices pull it. */
async function anonymiseOrders(
  tx: StoreTx,
  storeId: string,
  customerId: string,
  phones: string[],
  now: Date,
) {
  return tx
    .update(orders)
    .set({
      customerId: null,
      customerName: ERASED_NAME,
      customerPhone: '',
      address: null,
      bairro: null,
      note: '',
      cancelReason: null,
      // The private order page and its messages named the customer: both go (issue 38).
      publicToken: null,
      publicUrl: null,
      revision: nextRevision(tx),
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.storeId, storeId),
        or(eq(orders.customerId, customerId), inArray(orders.customerPhone, phones)),
      ),
    )
    .returning({ id: orders.id });
}

/** Campaign deliveries keep their status (the report's counts); name and phone go. */
async function anonymiseRecipients(tx: StoreTx, storeId: string, customerId: string) {
  const mine = and(
    eq(campaignRecipients.storeId, storeId),
    eq(campaignRecipients.customerId, customerId),
  );
  // Not sent yet: it never will be (the number is gone).
  await tx
    .update(campaignRecipients)
    .set({ status: 'skipped', lastError: ERASED_NAME })
    .where(and(mine, eq(campaignRecipients.status, 'pending')));
  return tx
    .update(campaignRecipients)
    .set({ name: ERASED_NAME, phone: '', gatewayMessageId: null })
    .where(mine)
    .returning({ id: campaignRecipients.id });
}

/** Remembered answers that name the customer, their number or their orders. */
async function forgetAnswers(tx: StoreTx, storeId: string, needles: string[]) {
  if (needles.length === 0) return;
  const like = needles.map((n) => sql`${idempotencyKeys.body}::text like ${`%${n}%`}`);
  await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.storeId, storeId), or(...like)));
}

export async function eraseCustomer(
  tx: StoreTx,
  storeId: string,
  id: string,
  now: Date,
): Promise<Outcome> {
  const row = await customerTable.find(tx, id);
  if (!row || row.storeId !== storeId) throw new ApiError(404, CUSTOMERS.messages.notFound);
  if (row.erasedAt) throw new ApiError(410, ALREADY_ERASED);
  const phones = phoneVariants(row.phone);
  const everyForm = [...phones, ...phones.map(toInternational)];

  const messages = await tx
    .delete(conversationMessages)
    .where(
      and(
        eq(conversationMessages.storeId, storeId),
        or(eq(conversationMessages.customerId, id), inArray(conversationMessages.phone, everyForm)),
      ),
    )
    .returning({ id: conversationMessages.id });
  // The chats become tombstones without the number (devices drop them on their next pull).
  await tx
    .update(conversations)
    .set(chatTombstone(tx, now))
    .where(
      and(
        eq(conversations.storeId, storeId),
        isNull(conversations.deletedAt),
        or(eq(conversations.customerId, id), inArray(conversations.phone, everyForm)),
      ),
    );
  await tx
    .delete(sandboxMessages)
    .where(and(eq(sandboxMessages.storeId, storeId), inArray(sandboxMessages.toNumber, everyForm)));
  // The orders being taken in the chat (issue 39): their number and items go with the chat.
  await tx
    .delete(chatCarts)
    .where(and(eq(chatCarts.storeId, storeId), inArray(chatCarts.phone, everyForm)));
  const receipts = await eraseReceipts(tx, storeId, id, now);
  const recipients = await anonymiseRecipients(tx, storeId, id);
  const ordersKept = await anonymiseOrders(tx, storeId, id, phones, now);
  if (ordersKept.length > 0) {
    await tx.delete(orderMessages).where(
      inArray(
        orderMessages.orderId,
        ordersKept.map((o) => o.id),
      ),
    );
  }
  await tx
    .delete(privacyCodes)
    .where(and(eq(privacyCodes.storeId, storeId), inArray(privacyCodes.phone, phones)));
  const mineRequests = and(
    eq(privacyRequests.storeId, storeId),
    inArray(privacyRequests.phone, phones),
  );
  // The erase answers the customer's open erase requests; every request stays, without the number.
  await tx
    .update(privacyRequests)
    .set({ answeredAt: now })
    .where(
      and(mineRequests, eq(privacyRequests.kind, 'eliminacao'), isNull(privacyRequests.answeredAt)),
    );
  const requests = await tx
    .update(privacyRequests)
    .set({ phone: '', name: '' })
    .where(mineRequests)
    .returning({ id: privacyRequests.id });
  await forgetAnswers(tx, storeId, [id, ...everyForm, ...ordersKept.map((o) => o.id)]);

  // Through the engine's delete: the tombstone draws the revision every device pulls.
  await deleteSynced({ table: customerTable, tx, storeId, now }, id);
  // The texts shown and the messages received are the customer's words: they go with the rest.
  const consent = await tx
    .delete(consentEvents)
    .where(and(eq(consentEvents.storeId, storeId), eq(consentEvents.customerId, id)))
    .returning({ id: consentEvents.id });
  const labels = await tx
    .delete(customerLabels)
    .where(eq(customerLabels.customerId, id))
    .returning({ id: customerLabels.labelId });
  await tx
    .update(customers)
    .set({ name: '', phone: '', optedOut: true, optedOutAt: null, erasedAt: now })
    .where(eq(customers.id, id));

  const answer: EraseAnswer = {
    // The gateway offers no way to delete a chat (decision 024): the owner's phone keeps its own.
    message: `Dados do cliente eliminados. ${PHONE_CHAT_NOTE}`,
    removed: [
      { what: 'Cadastro (nome, telefone e etiquetas)', count: 1 },
      { what: 'Mensagens da conversa', count: messages.length },
      { what: 'Recibos de entrega e leitura', count: receipts },
      { what: 'Etiquetas do cliente', count: labels.length },
      { what: 'Registros de consentimento', count: consent.length },
    ],
    kept: [
      {
        what: 'Pedidos',
        count: ordersKept.length,
        why: 'Registros de venda da loja: itens, valores e datas ficam; nome, telefone, endereço e observação foram apagados.',
      },
      {
        what: 'Envios de campanhas',
        count: recipients.length,
        why: 'Contam nos totais dos relatórios das campanhas; nome e telefone foram apagados.',
      },
      {
        what: 'Solicitações LGPD',
        count: requests.length,
        why: 'Provam que a loja atendeu ao pedido do cliente; o telefone foi apagado.',
      },
    ],
  };
  return { status: 200, body: answer };
}

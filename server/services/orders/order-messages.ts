/**
 * The customer's WhatsApp messages about their order (issue 38), owed in the transaction of the
 * change that causes them: placing ('novo') and each status change. One row per order and kind
 * (a unique key): a change replayed, or made again by a second phone, owes nothing more. These
 * are about the customer's own order, not promotions, so an opt-out does not stop them.
 */
import { eq } from 'drizzle-orm';
import { formatBRL, fromCents, toCents } from '../../../src/domain/money';
import { type NoticeKind, noticeOf, noticeText } from '../../../src/domain/order-notices';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../src/domain/order-payment';
import { orderMessages, type orders, stores } from '../../db/schema';
import type { Tx } from '../../db/store-write';

type Order = typeof orders.$inferSelect;
type Line = { name: string; quantity: number; unitPrice: string };

const brl = (value: string) => formatBRL(value).replace(/\u00A0/g, ' ');

/** The link only when it can be opened from a phone (an absolute address). */
const linkOf = (order: Pick<Order, 'publicUrl'>) =>
  order.publicUrl?.startsWith('http') ? order.publicUrl : '';

/** What placing adds to the owner's text: the items, the payment and, for Pix, the code to copy. */
function placingDetails(order: Order, lines: Line[], brCode: string | null): string {
  const items = lines.map(
    (l) => `${l.quantity} × ${l.name} — ${brl(fromCents(toCents(l.unitPrice) * l.quantity))}`,
  );
  const fee = toCents(order.deliveryFee) > 0 ? [`Entrega: ${brl(order.deliveryFee)}`] : [];
  const method = order.paymentMethod as PaymentMethod | null;
  const payment = method ? [`Pagamento: ${PAYMENT_METHOD_LABELS[method]}`] : [];
  const troco = order.troco ? [`Troco para ${brl(order.troco)}`] : [];
  const pix = brCode ? ['', 'Pix copia e cola:', brCode] : [];
  const lines2 = [...items, ...fee, `Total: ${brl(order.total)}`, ...payment, ...troco, ...pix];
  return `\n\n${lines2.join('\n')}`;
}

async function compose(tx: Tx, order: Order, kind: NoticeKind, extra: string): Promise<string> {
  const [store] = await tx
    .select({ texts: stores.orderMessages })
    .from(stores)
    .where(eq(stores.id, order.storeId))
    .limit(1);
  const text = noticeText(store?.texts ?? {}, kind, {
    nome: order.customerName.split(/\s+/)[0] ?? order.customerName,
    codigo: order.code,
    total: brl(order.total),
    link: linkOf(order),
  });
  return `${text}${extra}`;
}

async function owe(tx: Tx, order: Order, kind: NoticeKind, text: string, now: Date) {
  await tx
    .insert(orderMessages)
    .values({
      storeId: order.storeId,
      orderId: order.id,
      kind,
      phone: order.customerPhone,
      text,
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [orderMessages.orderId, orderMessages.kind] });
}

/** In the placing transaction: the customer's 'pedido recebido', with the items and the Pix. */
export async function owePlacedMessage(
  tx: Tx,
  order: Order,
  lines: Line[],
  brCode: string | null,
  now: Date,
): Promise<void> {
  const text = await compose(tx, order, 'novo', placingDetails(order, lines, brCode));
  await owe(tx, order, 'novo', text, now);
}

/** In a status change's transaction (after the row is updated): the notice it owes, if any. */
export async function oweStatusMessage(tx: Tx, order: Order, now: Date): Promise<void> {
  const kind = noticeOf(order.status, order.delivery);
  if (!kind) return;
  const reason =
    kind === 'cancelado' && order.cancelReason ? `\nMotivo: ${order.cancelReason}` : '';
  await owe(tx, order, kind, await compose(tx, order, kind, reason), now);
}

/**
 * 'SIM' to a cart's summary (issue 39): the order is placed through the storefront's own service
 * (prices from the database, stock, caps, the code, the campaign that brought the customer, the
 * Pix code in the 'pedido recebido' message owed in the same commit). The Idempotency-Key is the
 * cart's id: a second 'SIM', or two at once, replays the same order (decision 026).
 */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { PaymentMethod } from '../../../src/domain/order-payment';
import { formatPhone, normalizePhone } from '../../../src/domain/phone';
import type { Db } from '../../db/client';
import { campaignRecipients, chatCarts } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { errorSummary, logger } from '../../logger';
import type { PlaceOrderInput } from '../orders/place-input';
import { ATTRIBUTION_DAYS, placeOrder } from '../orders/place-order';
import { publicBaseUrl } from '../public-base';
import { phoneVariants } from '../whatsapp/phone-jid';
import { type CartRow, saveCart } from './cart-repo';
import type { OrderStore } from './order-store';
import type { ChatOrderDeps, ChatOrderOutcome, OrderMessage } from './types';

export const ORDER_NOT_PLACED =
  'Não consegui registrar seu pedido agora. Responda SIM de novo em instantes.';

/** The campaign the customer received in the last days, if any (the storefront's link's window). */
async function recentCampaign(db: Db, storeId: string, phone: string, now: Date) {
  const since = new Date(now.getTime() - ATTRIBUTION_DAYS * 86_400_000);
  const [row] = await db
    .select({ campaignId: campaignRecipients.campaignId })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.storeId, storeId),
        inArray(campaignRecipients.phone, phoneVariants(phone)),
        eq(campaignRecipients.status, 'sent'),
        gte(campaignRecipients.sentAt, since),
      ),
    )
    .orderBy(desc(campaignRecipients.sentAt))
    .limit(1);
  return row?.campaignId ?? null;
}

export async function placeCart(
  deps: ChatOrderDeps,
  store: OrderStore,
  cart: CartRow,
  msg: OrderMessage,
  customerName: string | null,
  now: Date,
): Promise<ChatOrderOutcome> {
  const { db } = deps;
  const phone = normalizePhone(msg.from) ?? msg.from;
  const input: PlaceOrderInput = {
    items: cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity })),
    customer: {
      name: (customerName || msg.pushName || `Cliente ${formatPhone(phone)}`).slice(0, 120),
      phone,
    },
    delivery: cart.delivery === 'entrega' ? 'entrega' : 'retirada',
    address: cart.delivery === 'entrega' ? cart.address : null,
    bairro: cart.delivery === 'entrega' ? cart.bairro : null,
    paymentMethod: cart.paymentMethod as PaymentMethod | null,
    troco: null,
    note: 'Pedido pelo WhatsApp',
    promoOptIn: false,
    campaign: await recentCampaign(db, store.id, msg.from, now),
  };
  try {
    const placed = await placeOrder(
      db,
      { id: store.id, slug: store.slug, whatsapp: null },
      input,
      `chat-cart:${cart.id}`,
      { now, base: publicBaseUrl(deps.env, undefined), source: 'whatsapp' },
    );
    await db
      .update(chatCarts)
      .set({ state: 'confirmed', orderId: placed.answer.id, updatedAt: now })
      .where(eq(chatCarts.id, cart.id));
    // The 'pedido recebido' (code, items, total, Pix) is the answer: owed with the order, sent now.
    if (!placed.replayed) deps.onOrderPlaced?.(store.id);
    const closed = placed.answer.storeClosed;
    return { handled: true, replies: closed && !placed.replayed ? [closed] : [] };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // Refused by the store's rules (sold out meanwhile, below the minimum, closed): said, and
      // the cart stays open to be changed.
      await saveCart(db, cart, { state: 'open', asked: 'product' }, now);
      return {
        handled: true,
        replies: [`${error.message.replace(/\.?$/, '.')} Quer mudar o pedido?`],
      };
    }
    logger.warn('chat order not placed', { storeId: store.id, error: errorSummary(error) });
    return { handled: true, replies: [ORDER_NOT_PLACED] };
  }
}

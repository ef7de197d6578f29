/**
 * What the store's settings make of an order being placed (issue 38): the delivery fee by bairro,
 * the minimum, the ways of receiving and paying it offers. Read inside the placing transaction
 * (under the store's lock), so an order is priced by the settings it was committed with.
 */
import { eq } from 'drizzle-orm';
import { quoteDelivery } from '../../../src/domain/delivery';
import { fromCents, toCents } from '../../../src/domain/money';
import {
  methodNotOffered,
  offeredMethods,
  type PaymentMethod,
  TROCO_TOO_LOW,
} from '../../../src/domain/order-payment';
import { stores } from '../../db/schema';
import type { Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';
import { closedForOrders, closedLabel } from '../storefront/next-opening';
import { deliveryOf } from '../stores/delivery-settings';
import { isOpenNow } from '../stores/hours-text';
import type { PlaceOrderInput } from './place-input';

export type OrderTerms = {
  feeCents: number;
  bairro: string | null;
  paymentMethod: PaymentMethod | null;
  troco: string | null;
  /** What a Pix code and the messages need. */
  store: { name: string; city: string; pixKey: string | null };
  /** 'Fechado · abre amanhã às 08:00' when placed while the store is closed; null when open. */
  closed: string | null;
};

export async function orderTerms(
  tx: Tx,
  storeId: string,
  input: PlaceOrderInput,
  itemsCents: number,
  now: Date,
): Promise<OrderTerms> {
  const [row] = await tx
    .select({
      delivery: stores.delivery,
      pixKey: stores.pixKey,
      name: stores.name,
      city: stores.cidade,
      businessHours: stores.businessHours,
      timezone: stores.timezone,
    })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  const settings = deliveryOf(row?.delivery);
  // Closed on its own clock: refused when the store takes no orders then, else taken with a note.
  const closed =
    row && !isOpenNow(row.businessHours, now, row.timezone)
      ? closedLabel(row.businessHours, now, row.timezone)
      : null;
  if (closed && !settings.aceitarPedidosFechada) {
    throw new ApiError(409, closedForOrders(closed));
  }
  const quote = quoteDelivery(settings, {
    delivery: input.delivery,
    bairro: input.bairro,
    itemsCents,
  });
  if ('refusal' in quote) throw new ApiError(400, quote.refusal);
  const method = input.paymentMethod ?? null;
  if (method && !offeredMethods({ pixKey: row?.pixKey }).includes(method)) {
    throw new ApiError(400, methodNotOffered(method));
  }
  const troco = method === 'dinheiro' && input.troco ? input.troco : null;
  if (troco !== null && toCents(troco) <= itemsCents + quote.feeCents) {
    throw new ApiError(400, TROCO_TOO_LOW);
  }
  return {
    feeCents: quote.feeCents,
    bairro: input.delivery === 'entrega' ? (input.bairro?.trim() ?? null) || null : null,
    paymentMethod: method,
    troco: troco === null ? null : fromCents(toCents(troco)),
    store: { name: row?.name ?? '', city: row?.city ?? '', pixKey: row?.pixKey ?? null },
    closed,
  };
}

/** The confirmation's note for an order placed while closed: when the store will see it. */
export function seenWhen(closed: string): string {
  const opens = closed.replace(/^Fechado · abre /, '');
  return opens === closed
    ? 'A loja está fechada agora: seu pedido será visto quando ela abrir.'
    : `A loja está fechada agora: seu pedido será visto quando ela abrir (${opens}).`;
}

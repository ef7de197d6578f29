/**
 * The chat's cart as the owner's screen reads it (GET /api/conversas/:phone/carrinho, issue 39):
 * the newest cart of the chat while it is live or ended less than CART_TTL ago, else null.
 */
import { itemsCents } from '../../../src/domain/chat-order/cart';
import { quoteDelivery } from '../../../src/domain/delivery';
import type { Db } from '../../db/client';
import { findChat } from '../conversations/read-chats';
import { readDelivery } from '../stores/delivery-settings';
import { CART_TTL_MS, latestCart } from './cart-repo';

export type ApiCart = {
  state: 'open' | 'awaiting' | 'confirmed' | 'cancelled' | 'expired';
  items: { productId: string; name: string; quantity: number; unitPriceCents: number }[];
  delivery: { kind: 'entrega' | 'retirada' | null; address: string | null; bairro: string | null };
  paymentMethod: string | null;
  /** Items plus the delivery fee when known. */
  totalCents: number;
  orderId: string | null;
  updatedAt: string;
};

export async function chatCart(
  db: Db,
  storeId: string,
  phone: string,
  now: Date,
): Promise<{ cart: ApiCart | null }> {
  // Another store's chat, or none: the conversations' 404.
  await findChat(db, storeId, phone, now);
  const row = await latestCart(db, storeId, phone, now);
  if (!row || now.getTime() - row.updatedAt.getTime() > CART_TTL_MS) return { cart: null };
  const kind = row.delivery === 'entrega' || row.delivery === 'retirada' ? row.delivery : null;
  const items = itemsCents(row.items);
  // Items plus the delivery fee once the store's settings can price it.
  const quote = kind
    ? quoteDelivery(await readDelivery(db, storeId), {
        delivery: kind,
        bairro: row.bairro,
        itemsCents: items,
      })
    : null;
  const feeCents = quote && 'feeCents' in quote ? quote.feeCents : 0;
  return {
    cart: {
      state: row.state,
      items: row.items.map((i) => ({
        productId: i.productId,
        name: i.name,
        quantity: i.quantity,
        unitPriceCents: i.unitPriceCents,
      })),
      delivery: { kind, address: row.address, bairro: row.bairro },
      paymentMethod: row.paymentMethod,
      totalCents: items + feeCents,
      orderId: row.orderId,
      updatedAt: row.updatedAt.toISOString(),
    },
  };
}

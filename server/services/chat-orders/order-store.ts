/**
 * What the chat's order taking reads of a store (issue 39): the products shown on its storefront
 * (active, not deleted: nothing else is offered) with price and stock, and its terms (delivery
 * settings, the payment methods its Pix key allows). Only this store's rows: another store's
 * catalogue is never reachable from its chats.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ChatProduct } from '../../../src/domain/chat-order/catalogue';
import type { StoreTerms } from '../../../src/domain/chat-order/summary';
import { toCents } from '../../../src/domain/money';
import { offeredMethods } from '../../../src/domain/order-payment';
import type { Db } from '../../db/client';
import { products, stores } from '../../db/schema';
import { deliveryOf } from '../stores/delivery-settings';

export type OrderStore = {
  id: string;
  slug: string;
  products: ChatProduct[];
  terms: StoreTerms;
};

export async function loadOrderStore(db: Db, storeId: string): Promise<OrderStore | null> {
  const [store] = await db
    .select({ slug: stores.slug, delivery: stores.delivery, pixKey: stores.pixKey })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  if (!store) return null;
  const rows = await db
    .select({ id: products.id, name: products.name, price: products.price, stock: products.stock })
    .from(products)
    .where(
      and(eq(products.storeId, storeId), eq(products.active, true), isNull(products.deletedAt)),
    );
  return {
    id: storeId,
    slug: store.slug,
    products: rows.map((r) => ({
      id: r.id,
      name: r.name,
      priceCents: toCents(r.price),
      stock: r.stock,
    })),
    terms: { settings: deliveryOf(store.delivery), methods: offeredMethods(store) },
  };
}

/**
 * What the chat's order taking reads of a store (issue 39): the products shown on its storefront
 * (active, not deleted: nothing else is offered) with price and stock, and its terms (delivery
 * settings, the payment methods its Pix key allows). Only this store's rows: another store's
 * catalogue is never reachable from its chats.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type ChatCatalogue,
  type ChatProduct,
  chatCatalogue,
} from '../../../src/domain/chat-order/catalogue';
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
  catalogue: ChatCatalogue;
  terms: StoreTerms;
};

/**
 * The catalogue's index per store, kept while the store's products are unchanged (every change
 * of a product, its stock included, draws a new revision): 5,000 names are not folded again for
 * every message. A few stores only; the oldest goes first.
 */
const indexes = new Map<
  string,
  { key: string; products: ChatProduct[]; catalogue: ChatCatalogue }
>();
const MAX_INDEXES = 50;

async function catalogueOf(db: Db, storeId: string) {
  const [mark] = await db
    .select({
      key: sql<string>`coalesce(max(${products.revision}), 0)::text || ':' || count(*)::text`,
    })
    .from(products)
    .where(eq(products.storeId, storeId));
  const key = mark?.key ?? '';
  const kept = indexes.get(storeId);
  if (kept && kept.key === key) return kept;
  const rows = await db
    .select({ id: products.id, name: products.name, price: products.price, stock: products.stock })
    .from(products)
    .where(
      and(eq(products.storeId, storeId), eq(products.active, true), isNull(products.deletedAt)),
    );
  const list = rows.map((r) => ({
    id: r.id,
    name: r.name,
    priceCents: toCents(r.price),
    stock: r.stock,
  }));
  const entry = { key, products: list, catalogue: chatCatalogue(list) };
  indexes.delete(storeId);
  indexes.set(storeId, entry);
  if (indexes.size > MAX_INDEXES) indexes.delete(indexes.keys().next().value as string);
  return entry;
}

export async function loadOrderStore(db: Db, storeId: string): Promise<OrderStore | null> {
  const [store] = await db
    .select({ slug: stores.slug, delivery: stores.delivery, pixKey: stores.pixKey })
    .from(stores)
    .where(eq(stores.id, storeId))
    .limit(1);
  if (!store) return null;
  const { products: list, catalogue } = await catalogueOf(db, storeId);
  return {
    id: storeId,
    slug: store.slug,
    products: list,
    catalogue,
    terms: { settings: deliveryOf(store.delivery), methods: offeredMethods(store) },
  };
}

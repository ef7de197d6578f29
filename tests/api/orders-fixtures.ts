/** Orders in API tests: a store with products, and an order placed as the storefront places it. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { products, stores } from '../../server/db/schema';
import type { PlacedAnswer } from '../../server/services/orders/place-order';
import type { ApiOrder } from '../../src/domain/order';
import { createOwner, type Owner, send } from './fixtures';
import type { TestApp } from './test-app';

export type Shop = Owner & { slug: string };

export async function createShop(t: TestApp, name = 'Loja Pedidos'): Promise<Shop> {
  const owner = await createOwner(t, name);
  await t.db.update(stores).set({ phone: '11955554444' }).where(eq(stores.id, owner.storeId));
  const [store] = await t.db
    .select({ slug: stores.slug })
    .from(stores)
    .where(eq(stores.id, owner.storeId));
  return { ...owner, slug: store?.slug ?? '' };
}

export async function addProduct(
  t: TestApp,
  shop: Shop,
  fields: { name: string; price: string; stock?: number | null; active?: boolean },
): Promise<string> {
  const id = randomUUID();
  await t.db.insert(products).values({
    id,
    storeId: shop.storeId,
    name: fields.name,
    price: fields.price,
    stock: fields.stock ?? null,
    active: fields.active ?? true,
  });
  return id;
}

export type OrderBody = {
  items: Array<{ productId: string; quantity: number }>;
  customer?: { name: string; phone: string };
  delivery?: 'retirada' | 'entrega';
  address?: string;
  bairro?: string;
  paymentMethod?: 'pix' | 'dinheiro' | 'cartao';
  troco?: string;
  note?: string;
  promoOptIn?: boolean;
  campaign?: string;
  website?: string;
  fillMs?: number;
};

let phones = 0;
/** A phone of its own per order, so the per-phone limit is not what a test meets. */
export const nextMobile = () =>
  `1198${String(++phones + Math.floor(Math.random() * 1e5)).padStart(7, '0')}`;

export function placeOrder(
  t: TestApp,
  shop: Shop,
  body: OrderBody,
  options: { key?: string; headers?: Record<string, string> } = {},
) {
  return send<PlaceAnswer>(t, 'POST', `/loja/${shop.slug}/pedidos`, {
    body: {
      customer: { name: 'Cliente', phone: nextMobile() },
      delivery: 'retirada',
      promoOptIn: false,
      fillMs: 5000,
      ...body,
    },
    headers: {
      'Idempotency-Key': options.key ?? randomUUID(),
      'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...options.headers,
    },
  });
}

/** The storefront's answer to an order: the placed order, or on a refusal only its message. */
export type PlaceAnswer = PlacedAnswer & { message?: string };
/** One order as the owner's API answers it, or on a refusal only its message. */
export type OrderAnswer = ApiOrder & { message?: string };

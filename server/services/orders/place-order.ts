/**
 * Placing an order from the storefront: priced from the database, checked against what the
 * store sells and has, written with its items in the store's write (store lock, revisions), and
 * answered once per Idempotency-Key (the same key again → the same order, even when both run
 * at once: the store lock serialises them and the answer is stored in the same transaction).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { fromCents, toCents } from '../../../src/domain/money';
import {
  lineTotalTooHigh,
  MAX_ORDER_TOTAL_CENTS,
  ORDER_TOTAL_TOO_HIGH,
} from '../../../src/domain/order-items';
import { orderCode, placedOrderMessage } from '../../../src/domain/order-message';
import type { OrderSource, PaymentMethod } from '../../../src/domain/order-payment';
import { whatsappOrderLink } from '../../../src/domain/storefront-order';
import type { Db } from '../../db/client';
import { type Outcome, runKeyed } from '../../db/idempotency';
import { campaigns, orderItems, orders, products } from '../../db/schema';
import { type StoreTx, writeStore } from '../../db/store-write';
import { ApiError, isUuid } from '../../lib/api-input';
import { recordOrderNotification } from '../push/outbox';
import { insertSyncedRow } from '../sync/revision';
import { afterOrderPlaced } from './after-placed';
import { customerOfOrder } from './customer-of-order';
import { newOrderToken, orderPagePath } from './order-link';
import { owePlacedMessage } from './order-messages';
import { orderBrCode } from './order-pix';
import { orderTerms, seenWhen } from './order-terms';
import type { PlaceOrderInput } from './place-input';
import { outOfStockMessage } from './stock';

/** A campaign's link brings orders for this long after the campaign started sending. */
export const ATTRIBUTION_DAYS = 7;

export type PlacedAnswer = {
  id: string;
  code: string;
  total: string;
  deliveryFee: string;
  paymentMethod: PaymentMethod | null;
  /** The customer's private page of the order (/loja/:slug/pedido/:code?t=…). */
  orderUrl: string;
  /** Placed while the store is closed (and takes orders then): when it will be seen. */
  storeClosed?: string;
  /** A Pix order's code to pay (static BR Code for exactly `total`). */
  pix?: { brCode: string };
  whatsappUrl: string | null;
};

type Store = { id: string; slug: string; whatsapp: string | null };
/**
 * Where the placing happens: the public base of this server's links (null: paths from the root),
 * and the channel it came through (the storefront unless said; never read from the body).
 */
export type PlaceContext = { now: Date; base: string | null; source?: OrderSource };

export const UNAVAILABLE = 'Um produto do pedido não está mais disponível';
export const notSold = (name: string) => `"${name}" não está mais disponível`;
export const soldOut = (name: string) => `"${name}" está esgotado`;

/** The storefront's cart key of a product (render-products.ts `cartKey`), as SQL. */
const cartKeySql = sql<string>`substr(replace(${products.id}::text, '-', ''), 1, 12)`;

type Priced = { productId: string; name: string; unitPrice: string; quantity: number };

async function priceLines(tx: StoreTx, storeId: string, input: PlaceOrderInput) {
  const refs = [...new Set(input.items.map((l) => l.productId))];
  const ids = refs.filter((r) => r.length === 36);
  const keys = refs.filter((r) => r.length === 12);
  const rows = await tx
    .select()
    .from(products)
    .where(
      and(
        eq(products.storeId, storeId),
        or(
          ids.length > 0 ? inArray(products.id, ids) : undefined,
          keys.length > 0 ? inArray(cartKeySql, keys) : undefined,
        ),
      ),
    );
  const byRef = new Map<string, (typeof rows)[number]>();
  // Two products of one store sharing a key (1 in 2^48): the key names neither.
  const ambiguous = new Set<string>();
  for (const r of rows) {
    byRef.set(r.id, r);
    const key = r.id.replace(/-/g, '').slice(0, 12);
    if (!keys.includes(key)) continue;
    if (byRef.has(key)) ambiguous.add(key);
    byRef.set(key, r);
  }
  const wanted = new Map<string, number>();
  const lines: Priced[] = [];
  for (const line of input.items) {
    const product = ambiguous.has(line.productId) ? undefined : byRef.get(line.productId);
    const id = product?.id ?? line.productId;
    if (!product || product.deletedAt) throw new ApiError(409, UNAVAILABLE);
    if (!product.active) throw new ApiError(409, notSold(product.name));
    const total = (wanted.get(id) ?? 0) + line.quantity;
    wanted.set(id, total);
    if (product.stock !== null && product.stock <= 0)
      throw new ApiError(409, soldOut(product.name));
    if (product.stock !== null && total > product.stock)
      throw new ApiError(409, outOfStockMessage(product.name));
    if (toCents(product.price) * line.quantity > MAX_ORDER_TOTAL_CENTS)
      throw new ApiError(400, lineTotalTooHigh(product.name));
    lines.push({
      productId: id,
      name: product.name,
      unitPrice: product.price,
      quantity: line.quantity,
    });
  }
  return lines;
}

/** A code no order of the store has: drawn under the store's lock, so no one draws it meanwhile. */
async function freeCode(tx: StoreTx, storeId: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = orderCode([0, 0, 0, 0].map(() => randomInt(1 << 30)));
    const [taken] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.code, code)))
      .limit(1);
    if (!taken) return code;
  }
  throw new ApiError(503, 'Não foi possível registrar o pedido agora. Tente de novo.');
}

/** The campaign whose link brought the order, if it is this store's and recent enough. */
async function campaignOf(
  tx: StoreTx,
  storeId: string,
  code: string | null | undefined,
  now: Date,
) {
  if (!code || !isUuid(code)) return null;
  const since = new Date(now.getTime() - ATTRIBUTION_DAYS * 86_400_000);
  const [row] = await tx
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, code.toLowerCase()),
        eq(campaigns.storeId, storeId),
        gte(sql`coalesce(${campaigns.startedAt}, ${campaigns.confirmedAt})`, since),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

async function writeOrder(tx: StoreTx, store: Store, input: PlaceOrderInput, at: PlaceContext) {
  const { now } = at;
  const lines = await priceLines(tx, store.id, input);
  const itemsCents = lines.reduce((sum, l) => sum + toCents(l.unitPrice) * l.quantity, 0);
  const terms = await orderTerms(tx, store.id, input, itemsCents, now);
  const totalCents = itemsCents + terms.feeCents;
  if (totalCents > MAX_ORDER_TOTAL_CENTS) throw new ApiError(400, ORDER_TOTAL_TOO_HIGH);
  const total = fromCents(totalCents);
  const deliveryFee = fromCents(terms.feeCents);
  const customerId = await customerOfOrder(tx, store.id, input.customer, input.promoOptIn, now);
  const campaignId = await campaignOf(tx, store.id, input.campaign, now);
  const code = await freeCode(tx, store.id);
  const id = randomUUID();
  const publicToken = newOrderToken();
  const orderUrl = orderPagePath(at.base, store.slug, code, publicToken);
  const [placed] = await insertSyncedRow(
    tx,
    orders,
    {
      id,
      storeId: store.id,
      code,
      status: 'novo',
      customerId,
      customerName: input.customer.name,
      customerPhone: input.customer.phone,
      delivery: input.delivery,
      address: input.delivery === 'entrega' ? (input.address ?? '') : null,
      bairro: terms.bairro,
      note: input.note ?? '',
      total,
      deliveryFee,
      paymentMethod: terms.paymentMethod,
      troco: terms.troco,
      publicToken,
      publicUrl: orderUrl,
      campaignId,
      source: at.source ?? 'loja',
    },
    now,
  );
  await tx
    .insert(orderItems)
    .values(lines.map((l, position) => ({ id: randomUUID(), orderId: id, position, ...l })));
  // The owner's notification is owed in the same commit as the order (the outbox, decision 018).
  await recordOrderNotification(tx, store.id, { id, code, totalCents }, now);
  const text = placedOrderMessage(code, lines, total);
  const brCode = terms.paymentMethod === 'pix' ? orderBrCode(terms.store, { code, total }) : null;
  // The customer's 'pedido recebido' on WhatsApp is owed in the same commit (order-messages.ts).
  if (placed) await owePlacedMessage(tx, placed, lines, brCode, now);
  const answer: PlacedAnswer = {
    id,
    code,
    total,
    deliveryFee,
    paymentMethod: terms.paymentMethod,
    orderUrl,
    ...(terms.closed ? { storeClosed: seenWhen(terms.closed) } : {}),
    ...(brCode ? { pix: { brCode } } : {}),
    whatsappUrl: store.whatsapp ? whatsappOrderLink(store.whatsapp, text) : null,
  };
  return { status: 201, body: answer } satisfies Outcome;
}

export async function placeOrder(
  db: Db,
  store: Store,
  input: PlaceOrderInput,
  key: string | undefined,
  at: PlaceContext,
): Promise<{ answer: PlacedAnswer; replayed: boolean }> {
  const route = `POST /loja/${store.slug}/pedidos`;
  const { outcome, replayed } = await writeStore(db, store.id, (tx) =>
    runKeyed(tx, store.id, key, route, (t) => writeOrder(t, store, input, at)),
  );
  const answer = outcome.body as PlacedAnswer;
  if (!replayed) {
    await afterOrderPlaced(db, store.id, {
      id: answer.id,
      code: answer.code,
      totalCents: toCents(answer.total),
    });
  }
  return { answer, replayed };
}

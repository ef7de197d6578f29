/**
 * GET /loja/:slug/pedido/:code?t=<token>: the customer's own order page (issue 38). A wrong or
 * missing token is the storefront's 404, the same as an unknown code: the page never says which.
 */
import { and, asc, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import QRCode from 'qrcode';
import { offeredMethods } from '../../src/domain/order-payment';
import { orderItems, orders, stores } from '../db/schema';
import { tokenMatches } from '../services/orders/order-link';
import { droppedNotes } from '../services/orders/order-message-list';
import { orderBrCode } from '../services/orders/order-pix';
import { renderNotFound } from '../services/storefront/not-found-page';
import { renderOrderPage } from '../services/storefront/order-page';
import { STOREFRONT_CSS_HASH } from '../services/storefront/styles';
import { deliveryOf } from '../services/stores/delivery-settings';
import type { AppEnv } from '../types';

const ORDER_PAGE_CSP = [
  "default-src 'none'",
  `style-src '${STOREFRONT_CSS_HASH}'`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS = {
  'Content-Security-Policy': ORDER_PAGE_CSP,
  // Personal data behind a secret link: never kept by a shared cache, never sent as a Referer.
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex',
};

const SLUG = /^[a-z0-9-]{1,64}$/;
const CODE = /^P-[A-Z0-9]{4,8}$/;

const notFound = (c: Context<AppEnv>) => c.html(renderNotFound(), 404, HEADERS);

export const orderPageRoutes = new Hono<AppEnv>();

/** The order its link names, or null (unknown, deleted, or the token is not its own). */
async function linkedOrder(c: Context<AppEnv>) {
  const slug = c.req.param('slug')?.toLowerCase() ?? '';
  const code = c.req.param('code')?.toUpperCase() ?? '';
  if (!SLUG.test(slug) || !CODE.test(code)) return null;
  const [found] = await c.var.deps.db
    .select({ order: orders, store: stores })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(eq(stores.slug, slug), eq(orders.code, code)))
    .limit(1);
  if (!found || found.order.deletedAt) return null;
  return tokenMatches(found.order.publicToken, c.req.query('t')) ? found : null;
}

/** What the order form offers (public: the store's zones, fees, minimum and payment methods). */
orderPageRoutes.get('/:slug/entrega', async (c) => {
  const slug = c.req.param('slug').toLowerCase();
  if (!SLUG.test(slug)) return c.json({ message: 'Loja não encontrada' }, 404);
  const [store] = await c.var.deps.db
    .select({ delivery: stores.delivery, pixKey: stores.pixKey })
    .from(stores)
    .where(eq(stores.slug, slug))
    .limit(1);
  if (!store) return c.json({ message: 'Loja não encontrada' }, 404);
  c.header('Cache-Control', 'no-cache');
  return c.json({ ...deliveryOf(store.delivery), pagamentos: offeredMethods(store) });
});

/** The Pix QR of a pending Pix order, for the form's confirmation (same token as the page). */
orderPageRoutes.get('/:slug/pedido/:code/pix.svg', async (c) => {
  const found = await linkedOrder(c);
  const { order, store } = found ?? {};
  const brCode =
    order && store && order.paymentMethod === 'pix'
      ? orderBrCode({ name: store.name, city: store.cidade, pixKey: store.pixKey }, order)
      : null;
  if (!brCode) return c.body(null, 404, HEADERS);
  const svg = await QRCode.toString(brCode, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return c.body(svg, 200, { ...HEADERS, 'Content-Type': 'image/svg+xml' });
});

orderPageRoutes.get('/:slug/pedido/:code', async (c) => {
  const found = await linkedOrder(c);
  if (!found) return notFound(c);
  const { db } = c.var.deps;
  const { order, store } = found;
  const items = await db
    .select({
      name: orderItems.name,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  const brCode =
    order.paymentMethod === 'pix'
      ? orderBrCode({ name: store.name, city: store.cidade, pixKey: store.pixKey }, order)
      : null;
  const html = await renderOrderPage({
    store: { name: store.name, slug: store.slug, timezone: store.timezone },
    order,
    items,
    brCode,
    notes: await droppedNotes(db, order.id),
  });
  return c.html(html, 200, HEADERS);
});

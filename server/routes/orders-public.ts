/**
 * POST /loja/:slug/pedidos: a customer places an order from the storefront (public, JSON). No
 * captcha: a honeypot field and a minimum fill time stop scripts, and attempts are limited per
 * client address and per phone (counters in the database, like the logins').
 */
import { type Context, Hono } from 'hono';
import { clientAddress } from '../auth/client-address';
import type { Limit } from '../auth/rate-limit';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER } from '../db/idempotency';
import { ApiError, readJson } from '../http';
import { placeOrderSchema } from '../services/orders/place-input';
import { placeOrder } from '../services/orders/place-order';
import { findPublicStore } from '../services/storefront/load-storefront';
import type { AppEnv } from '../types';
import { reserveAttempt } from './attempts';

/** Orders per client address: a family or an office shares one, so more than one person's worth. */
export const ORDER_ADDRESS_LIMIT: Limit = { max: 20, windowMs: 15 * 60 * 1000 };
/** Orders per phone and store: nobody places more than this in an hour. */
export const ORDER_PHONE_LIMIT: Limit = { max: 10, windowMs: 60 * 60 * 1000 };
/** Below this a form was filled by a script, not typed by a person. */
export const MIN_FILL_MS = 2000;

export const TOO_MANY_ORDERS = 'Muitos pedidos em pouco tempo. Aguarde alguns minutos.';
export const ORDER_REFUSED = 'Não foi possível enviar o pedido. Tente de novo.';
const SLUG = /^[a-z0-9-]{1,64}$/i;

export const orderPublicRoutes = new Hono<AppEnv>();

orderPublicRoutes.post('/:slug/pedidos', async (c: Context<AppEnv>) => {
  const { db, now } = c.var.deps;
  const slug = c.req.param('slug') ?? '';
  const key = c.req.header(IDEMPOTENCY_HEADER);
  checkIdempotencyKey(key);
  const store = SLUG.test(slug) ? await findPublicStore(db, slug.toLowerCase()) : null;
  if (!store) throw new ApiError(404, 'Loja não encontrada');
  const input = await readJson(c, placeOrderSchema);
  if (input.website || (input.fillMs ?? 0) < MIN_FILL_MS) throw new ApiError(400, ORDER_REFUSED);
  await reserveAttempt(
    c,
    [
      [`order:address:${clientAddress(c)}`, ORDER_ADDRESS_LIMIT],
      [`order:phone:${store.id}:${input.customer.phone}`, ORDER_PHONE_LIMIT],
    ],
    TOO_MANY_ORDERS,
  );
  const { answer, replayed } = await placeOrder(db, store, input, key, now());
  if (replayed) c.header('Idempotent-Replayed', 'true');
  c.header('Cache-Control', 'no-store');
  return c.json(answer, 201);
});

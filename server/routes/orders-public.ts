/**
 * POST /loja/:slug/pedidos: a customer places an order from the storefront (public, JSON). No
 * captcha: a honeypot field and a minimum fill time stop scripts, and attempts are limited per
 * client address and per phone (counters in the database, like the logins'). The address's
 * attempt is taken before any byte of the body is read, and the body is capped while it streams
 * in (413), so a refused body costs the visitor an attempt and the server almost nothing.
 */
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { clientAddress } from '../auth/client-address';
import type { Limit } from '../auth/rate-limit';
import { bodyCap } from '../body-caps';
import { checkIdempotencyKey, IDEMPOTENCY_HEADER } from '../db/idempotency';
import { ApiError, readJson } from '../http';
import { kickOrderMessages, orderMessageDeps } from '../services/orders/order-messages-send';
import { placeOrderSchema } from '../services/orders/place-input';
import { placeOrder } from '../services/orders/place-order';
import { publicBaseUrl } from '../services/public-base';
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

/**
 * The largest body the form can honestly make is about 10 KB: 50 lines of a 36-character id and
 * a quantity (~3 KB), a 120-character name, a 300-character address and a 500-character note,
 * each character at worst a 6-byte JSON escape. 100,000 items or a 40 MB note never get parsed.
 */
export const ORDER_BODY_CAP = 16 * 1024;
export const ORDER_TOO_LARGE =
  'Pedido grande demais para enviar. Confira os itens e a observação e tente de novo.';

/**
 * The address's attempt, before the body: whatever follows (413, not JSON, the honeypot, the
 * order) has spent it, and an address over its limit is answered 429 with its body unread.
 */
const addressAttempt: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = `order:address:${clientAddress(c)}`;
  await reserveAttempt(c, [[key, ORDER_ADDRESS_LIMIT]], TOO_MANY_ORDERS);
  return next();
};

export const orderPublicRoutes = new Hono<AppEnv>();

const orderBodyCap = bodyCap(ORDER_BODY_CAP, ORDER_TOO_LARGE);

orderPublicRoutes.post(
  '/:slug/pedidos',
  addressAttempt,
  orderBodyCap,
  async (c: Context<AppEnv>) => {
    const { db, now, env } = c.var.deps;
    const slug = c.req.param('slug') ?? '';
    const key = c.req.header(IDEMPOTENCY_HEADER);
    checkIdempotencyKey(key);
    const store = SLUG.test(slug) ? await findPublicStore(db, slug.toLowerCase()) : null;
    if (!store) throw new ApiError(404, 'Loja não encontrada');
    const input = await readJson(c, placeOrderSchema);
    if (input.website || (input.fillMs ?? 0) < MIN_FILL_MS) throw new ApiError(400, ORDER_REFUSED);
    await reserveAttempt(
      c,
      [[`order:phone:${store.id}:${input.customer.phone}`, ORDER_PHONE_LIMIT]],
      TOO_MANY_ORDERS,
    );
    const base = publicBaseUrl(env, c.req.url);
    const { answer, replayed } = await placeOrder(db, store, input, key, { now: now(), base });
    if (replayed) c.header('Idempotent-Replayed', 'true');
    else kickOrderMessages(orderMessageDeps(c.var.deps), store.id);
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 201);
  },
);

/**
 * GET /api/conversas/:phone/carrinho (issue 39): the order the assistant is taking in this chat,
 * for the owner's screen: `{ cart: null | { state, items, delivery, paymentMethod, totalCents,
 * orderId, updatedAt } }`. Signed in with a store; another store's chat is a 404 like the other
 * conversation routes.
 */
import { Hono } from 'hono';
import { ApiError } from '../http';
import { chatCart } from '../services/chat-orders/cart-view';
import { CHAT_NOT_FOUND } from '../services/conversations/read-chats';
import type { AppEnv } from '../types';

export const conversationCartRoutes = new Hono<AppEnv>();

conversationCartRoutes.get('/:phone/carrinho', async (c) => {
  const phone = c.req.param('phone') ?? '';
  if (!/^\d{8,15}$/.test(phone)) throw new ApiError(404, CHAT_NOT_FOUND);
  const { db, now } = c.var.deps;
  return c.json(await chatCart(db, c.var.storeId, phone, now()));
});

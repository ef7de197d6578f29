/**
 * /api/pedidos: the owner's orders. List (newest first, `?status&limit&offset`), one order, and
 * the status change (PUT as the device's queue sends it, PATCH as the issue names it: both run
 * the same entry of the mutation table, so online and replayed changes answer alike).
 */
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../src/domain/order';
import { ORDERS } from '../../src/domain/sync/entities';
import { requireStore, requireUser } from '../auth/middleware';
import { ApiError, isUuid } from '../http';
import { listOrdersJson } from '../services/orders/list-orders';
import { listOrderMessages } from '../services/orders/order-message-list';
import { kickOrderMessages, orderMessageDeps } from '../services/orders/order-messages-send';
import { orderTable } from '../services/orders/orders-repo';
import type { AppEnv } from '../types';
import { mutationRoute } from './mutation-route';

const listQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Status inválido' }).optional(),
  limit: z.coerce
    .number({ error: 'limit inválido' })
    .int('limit inválido')
    .min(1, 'limit inválido')
    .max(1000, 'limit inválido')
    .default(100),
  offset: z.coerce.number({ error: 'offset inválido' }).int().min(0, 'offset inválido').default(0),
});

export const orderRoutes = new Hono<AppEnv>();

orderRoutes.use('*', requireUser, requireStore);

orderRoutes.get('/', async (c) => {
  const parsed = listQuery.safeParse(c.req.query());
  if (!parsed.success)
    throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Dados inválidos');
  const { status, limit, offset } = parsed.data;
  const body = await listOrdersJson(c.var.deps.db, c.var.storeId, {
    status: status ?? null,
    limit,
    offset,
  });
  return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' });
});

orderRoutes.get('/:id', async (c) => {
  const id = c.req.param('id');
  if (!isUuid(id)) throw new ApiError(404, ORDERS.messages.notFound);
  const row = await c.var.deps.db.transaction((tx) => orderTable.find(tx, id.toLowerCase()), {
    accessMode: 'read only',
  });
  if (!row || row.storeId !== c.var.storeId || row.deletedAt) {
    throw new ApiError(404, ORDERS.messages.notFound);
  }
  return c.json(orderTable.toApi(row));
});

/** The messages the customer was sent (or not) about this order, oldest first (issue 38). */
orderRoutes.get('/:id/mensagens', async (c) => {
  const id = c.req.param('id');
  if (!isUuid(id)) throw new ApiError(404, ORDERS.messages.notFound);
  return c.json(await listOrderMessages(c.var.deps.db, c.var.storeId, id.toLowerCase()));
});

/** A status change may owe the customer a message: sent right after the commit. */
const update = mutationRoute('order', 'update');
const updateAndTell = async (c: Context<AppEnv>) => {
  const res = await update(c);
  if (res.status === 200) kickOrderMessages(orderMessageDeps(c.var.deps), c.var.storeId);
  return res;
};

orderRoutes.post('/', mutationRoute('order', 'create'));
orderRoutes.put('/:id', updateAndTell);
orderRoutes.patch('/:id', updateAndTell);
orderRoutes.delete('/:id', mutationRoute('order', 'delete'));

/**
 * The owner's mutations of an order in the catalogue's mutation table: only the status changes
 * (PUT or PATCH /api/pedidos/:id, online or replayed from the queue). Orders are placed by the
 * storefront and never deleted, so a POST or DELETE under /api/pedidos is a 405.
 */
import { ApiError } from '../../lib/api-input';
import { ORDER_CREATED_BY_STOREFRONT } from './orders-repo';

const refused = (): never => {
  throw new ApiError(405, ORDER_CREATED_BY_STOREFRONT);
};

export function orderMutations<H>(crud: Record<'create' | 'update' | 'delete', H>) {
  return { create: refused, update: crud.update, delete: refused };
}

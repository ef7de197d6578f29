/**
 * What follows a placed order once it is committed: the owner's devices are told (Web Push,
 * decision 019). Called once per order: a replay of the same Idempotency-Key does not notify again.
 */
import type { Db } from '../../db/client';
import { logger } from '../../logger';
import { notifyNewOrder } from '../push/notify';

export type PlacedOrder = { id: string; code: string; totalCents: number };

export async function afterOrderPlaced(db: Db, storeId: string, order: PlacedOrder) {
  logger.debug('order placed', { storeId, orderId: order.id, code: order.code });
  // In the background: the customer's answer never waits on a push service, and notifyNewOrder
  // logs and swallows its own failures (the order is saved and the orders screen shows it).
  void notifyNewOrder(db, storeId, order);
}

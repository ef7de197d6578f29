/**
 * What follows a placed order once it is committed: the owner's devices are told (Web Push,
 * decision 019) through the outbox row written with the order (push/outbox.ts). Called once per
 * order: a replay of the same Idempotency-Key does not notify again (and the row is one per order).
 */
import type { Db } from '../../db/client';
import { logger } from '../../logger';
import { kickNotification } from '../push/outbox';

export type PlacedOrder = { id: string; code: string; totalCents: number };

export async function afterOrderPlaced(db: Db, storeId: string, order: PlacedOrder) {
  logger.debug('order placed', { storeId, orderId: order.id, code: order.code });
  // In the background: the customer's answer never waits on a push service. If this process
  // dies first, the push-outbox job sends it.
  kickNotification(db, order.id);
}

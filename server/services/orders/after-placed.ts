/**
 * What follows a placed order once it is committed: the one call site for the owner's
 * notification. Today it only logs (debug); the push notifications branch wires
 * `notifyNewOrder` (server/services/push/notify.ts) here at merge.
 */
import type { Db } from '../../db/client';
import { logger } from '../../logger';

export type PlacedOrder = { id: string; code: string; totalCents: number };

export async function afterOrderPlaced(_db: Db, storeId: string, order: PlacedOrder) {
  logger.debug('order placed', { storeId, orderId: order.id, code: order.code });
}

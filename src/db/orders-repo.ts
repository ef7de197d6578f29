/** Orders on the device: the owner changes a status (Dexie first, pending, then /api/pedidos). */
import type { LocalOrder, OrderStatus } from '~/domain/order';
import type { PaymentStatus } from '~/domain/order-payment';
import { orderEntity } from '~/domain/sync/registry';
import { saveSynced, type WriteResult } from './synced-repo';
import type { DeviceContext } from './transport';

/**
 * Moves the order to `status`, saying the state the device shows it in (`fromStatus`): a change
 * another phone overtook is refused (409) rather than written over it (decision 018). The queue
 * replays changes in order, so a second tap before the first is sent starts from the first's.
 */
export function changeOrderStatus(
  order: Pick<LocalOrder, 'id' | 'status'>,
  status: OrderStatus,
  ctx: DeviceContext,
  /** With 'cancelado': what the customer's message says (issue 38). */
  cancelReason?: string,
): Promise<WriteResult> {
  const reason = status === 'cancelado' && cancelReason?.trim() ? { cancelReason } : {};
  return saveSynced(
    orderEntity,
    { id: order.id, status, fromStatus: order.status as OrderStatus, ...reason },
    ctx,
  );
}

/**
 * Marks the order paid (or back to 'a pagar'), from the payment state and count the phone shows
 * (decision 018, "Payment"): a change another phone made since is refused (409), never written over.
 */
export function changePaymentStatus(
  order: Pick<LocalOrder, 'id' | 'status' | 'paymentStatus' | 'paymentChanges'>,
  paymentStatus: PaymentStatus,
  ctx: DeviceContext,
): Promise<WriteResult> {
  return saveSynced(
    orderEntity,
    {
      id: order.id,
      status: order.status as OrderStatus,
      paymentStatus,
      fromPaymentStatus: order.paymentStatus as PaymentStatus,
      fromPaymentChanges: order.paymentChanges,
    },
    ctx,
  );
}

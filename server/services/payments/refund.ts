/** Devolução of a paid payment (campaign cancelled before it started, or paid twice). */
import { and, desc, eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { ApiError } from '../../http';
import { logger } from '../../logger';
import type { Services } from '../../types';
import { PaymentGatewayError, refundIdFor } from './gateway';
import type { PaymentRow } from './on-paid';

/**
 * Asks the PSP to return the whole amount and marks the payment 'devolvido'. The devolução id
 * comes from the payment id, so a retry after a timeout is the same devolução, not a second one.
 * A PSP failure is a 502 and the payment stays 'pago'.
 */
export async function refundPaymentRow(
  deps: Services,
  row: PaymentRow,
  description = 'Campanha cancelada',
): Promise<PaymentRow> {
  if (row.status === 'devolvido') return row;
  if (row.status !== 'pago' || !row.e2eid) {
    throw new ApiError(409, 'Este pagamento não pode ser devolvido');
  }
  const gateway = deps.pix;
  if (!gateway) throw new ApiError(409, 'Pagamentos Pix estão desligados');
  const id = refundIdFor(row.id);
  let result: Awaited<ReturnType<typeof gateway.refund>>;
  try {
    result = await gateway.refund({
      e2eid: row.e2eid,
      id,
      amount: row.paidAmount ?? row.valor,
      description,
    });
  } catch (error) {
    if (error instanceof PaymentGatewayError) {
      throw new ApiError(502, 'Não foi possível devolver o pagamento Pix. Tente novamente.');
    }
    throw error;
  }
  const [updated] = await deps.db
    .update(payments)
    .set({
      status: 'devolvido',
      refundId: result.id,
      refundStatus: result.status,
      refundedAt: deps.now(),
      updatedAt: deps.now(),
    })
    .where(eq(payments.id, row.id))
    .returning();
  logger.info('pix payment refunded', { paymentId: row.id, refundStatus: result.status });
  return updated ?? row;
}

/**
 * For the campaigns' cancel: refunds the campaign's paid payment, if any. Returns the refunded
 * payment, or null when the campaign had none (free or unpaid: nothing to return).
 */
export async function refundCampaignPayment(
  deps: Services,
  storeId: string,
  campaignId: string,
): Promise<PaymentRow | null> {
  const [paid] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.campaignId, campaignId),
        eq(payments.status, 'pago'),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!paid) return null;
  return refundPaymentRow(deps, paid);
}

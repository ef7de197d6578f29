/** Devolução of a paid payment (campaign cancelled before it started, or paid twice). */
import { and, desc, eq } from 'drizzle-orm';
import { campaigns, payments } from '../../db/schema';
import { ApiError } from '../../http';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';
import { PaymentGatewayError, refundIdFor } from './gateway';
import type { PaymentRow } from './payment-row';

/** The refund reason when the owner cancelled the campaign before it went out. */
export const CANCELLED_REASON = 'Campanha cancelada';

/**
 * Asks the PSP to return the whole amount and marks the payment 'devolvido'. The devolução id
 * comes from the payment id, so a retry after a timeout is the same devolução, not a second one.
 * A PSP failure is a 502 and the payment stays 'pago'.
 */
export async function refundPaymentRow(
  deps: Services,
  row: PaymentRow,
  reason = CANCELLED_REASON,
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
      // API Pix: devolução `descricao` is at most 140 characters.
      description: reason.slice(0, 140),
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
      refundReason: reason,
      updatedAt: deps.now(),
    })
    .where(eq(payments.id, row.id))
    .returning();
  logger.info('pix payment refunded', {
    paymentId: row.id,
    refundStatus: result.status,
    reason,
  });
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

/**
 * Money of cancelled campaigns that sent nothing and whose refund did not happen yet (the PSP
 * was down at cancel time): refunded now. The re-check runs this, so a refund is never lost.
 */
export async function refundCancelledCampaigns(deps: Services, limit = 100): Promise<number> {
  const rows = await deps.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(campaigns, eq(campaigns.id, payments.campaignId))
    .where(
      and(
        eq(payments.status, 'pago'),
        eq(campaigns.status, 'cancelado'),
        eq(campaigns.sentCount, 0),
      ),
    )
    .limit(limit);
  let refunded = 0;
  for (const { payment } of rows) {
    try {
      await refundPaymentRow(deps, payment);
      refunded++;
    } catch (error) {
      logger.warn('pix refund of a cancelled campaign failed; will retry', {
        paymentId: payment.id,
        error: errorSummary(error),
      });
    }
  }
  return refunded;
}

/**
 * The cancel route's step after the campaign is cancelled: when nothing went out, its paid
 * payment is refunded ('devolvido') and a charge still waiting is withdrawn at the PSP. A PSP
 * that cannot be reached does not undo the cancel: the re-check asks for the refund again.
 */
export async function settleCancelledCampaign(
  deps: Services,
  storeId: string,
  campaignId: string,
): Promise<void> {
  if (!deps.pix) return;
  const [campaign] = await deps.db
    .select({ status: campaigns.status, sentCount: campaigns.sentCount })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.storeId, storeId)));
  if (campaign?.status !== 'cancelado') return;
  const waiting = await deps.db
    .update(payments)
    .set({ status: 'cancelado', updatedAt: deps.now() })
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.campaignId, campaignId),
        eq(payments.status, 'pendente'),
      ),
    )
    .returning({ txid: payments.txid });
  for (const w of waiting) {
    await deps.pix.cancelCharge(w.txid).catch((error: unknown) =>
      logger.warn('could not withdraw the pix charge of a cancelled campaign', {
        error: errorSummary(error),
      }),
    );
  }
  if (campaign.sentCount > 0) return;
  try {
    await refundCampaignPayment(deps, storeId, campaignId);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 502) throw error;
    logger.warn('pix refund failed at cancel; the re-check will retry', { campaignId });
  }
}

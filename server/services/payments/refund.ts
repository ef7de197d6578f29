/**
 * Devoluções (decision 012). One devolução per payment (id `D` + txid), of either
 * - the whole amount: the campaign did not go (cancelled before anything went out, refused after
 *   payment, paid twice, WhatsApp disconnected for a day) → status 'devolvido'; or
 * - the bands the campaign did not use, once it ended (opt-outs, numbers not on WhatsApp, a
 *   cancel midway) → the payment stays 'pago' with `refundAmount`.
 * A whole refund that is owed is first written down (`refundDue`), so the re-check asks again
 * until the PSP accepts it; the settlement of an ended campaign (settlement.ts) is re-run until
 * `settledAt`. Whole refunds of campaigns that did not go: campaign-refunds.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { toCents } from '../../../src/domain/money';
import { type PaymentRow, payingFor } from '../../db/payment-row';
import { payments } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';
import { PaymentGatewayError, refundIdFor } from '../pix/gateway';

/** The refund reason when the owner cancelled the campaign before it went out. */
export const CANCELLED_REASON = 'Campanha cancelada';
export const DUPLICATE_REASON = 'Pagamento em duplicidade';
export const NOBODY_REACHED_REASON = 'Nenhum cliente foi alcançado pela campanha';

/** Bands this payment paid for (rows older than the column: derived from its amount). */
export function paidBands(deps: Pick<Services, 'env'>, row: PaymentRow): number {
  if (row.bands !== null && row.bands !== undefined) return row.bands;
  const per = toCents(deps.env.CAMPAIGN_PRICE_PER_100);
  return Math.max(1, Math.round(toCents(row.valor) / per));
}

/** Price of one band as this payment paid it, in cents. */
export function bandCents(deps: Pick<Services, 'env'>, row: PaymentRow): number {
  return Math.floor(toCents(row.paidAmount ?? row.valor) / paidBands(deps, row));
}

/**
 * Asks the PSP to return `amount` (default: the whole payment). Whole → 'devolvido'; part → stays
 * 'pago', settled. The devolução id comes from the payment id, so a retry after a timeout is the
 * same devolução. A PSP failure is a 502 and the payment is left as it was (refundDue kept).
 */
export async function refundPaymentRow(
  deps: Services,
  row: PaymentRow,
  reason = CANCELLED_REASON,
  amount?: string,
): Promise<PaymentRow> {
  if (row.status === 'devolvido' || row.refundId) return row;
  if (row.status !== 'pago' || !row.e2eid) {
    throw new ApiError(409, 'Este pagamento não pode ser devolvido');
  }
  const gateway = deps.pix;
  if (!gateway) throw new ApiError(409, 'Pagamentos Pix estão desligados');
  const whole = row.paidAmount ?? row.valor;
  const value = amount ?? whole;
  const isWhole = toCents(value) >= toCents(whole);
  let result: Awaited<ReturnType<typeof gateway.refund>>;
  try {
    result = await gateway.refund({
      e2eid: row.e2eid,
      id: refundIdFor(row.id),
      amount: value,
      // API Pix: devolução `descricao` is at most 140 characters.
      description: reason.slice(0, 140),
    });
  } catch (error) {
    if (error instanceof PaymentGatewayError) {
      throw new ApiError(502, 'Não foi possível devolver o pagamento Pix. Tente novamente.');
    }
    throw error;
  }
  const now = deps.now();
  const [updated] = await deps.db
    .update(payments)
    .set({
      ...(isWhole ? { status: 'devolvido' } : {}),
      refundId: result.id,
      refundStatus: result.status,
      refundAmount: value,
      refundedAt: now,
      refundReason: reason,
      refundDue: null,
      settledAt: now,
      updatedAt: now,
    })
    .where(and(eq(payments.id, row.id), isNull(payments.refundId)))
    .returning();
  logger.info('pix payment refunded', {
    paymentId: row.id,
    refundStatus: result.status,
    amount: value,
    reason,
  });
  return updated ?? row;
}

/**
 * Writes down that this paid payment's whole amount is owed back, then asks the PSP. A PSP
 * failure is logged, not thrown: the re-check retries every payment with `refundDue`.
 */
export async function refundOwed(deps: Services, row: PaymentRow, reason: string) {
  const [due] = await deps.db
    .update(payments)
    .set({ refundDue: reason, updatedAt: deps.now() })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'pago'), isNull(payments.refundId)))
    .returning();
  if (!due) return row;
  try {
    return await refundPaymentRow(deps, due, reason);
  } catch (error) {
    logger.warn('pix refund failed; the re-check will retry', {
      paymentId: row.id,
      error: errorSummary(error),
    });
    return due;
  }
}

/** The campaign's kept payment: paid, not owed back, not refunded. */
export async function keptPayment(deps: Services, campaignId: string) {
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(payingFor(campaignId), isNull(payments.refundId)))
    .orderBy(payments.paidAt)
    .limit(1);
  return row ?? null;
}

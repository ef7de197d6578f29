/**
 * The settlement of an ended campaign's payment (decision 012): it keeps only the bands it used
 * and the rest goes back (refund.ts), re-run by the re-check until `settledAt`.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatBRL, fromCents } from '../../../src/domain/money';
import { priceBands } from '../../../src/domain/pix/price';
import { type PaymentRow, paidUnrefundedCampaigns } from '../../db/payment-row';
import { campaignRecipients, campaigns, payments } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';

import {
  bandCents,
  CANCELLED_REASON,
  keptPayment,
  NOBODY_REACHED_REASON,
  paidBands,
  refundPaymentRow,
} from './refund';

/**
 * Recipient statuses that are clearly "not reached": failed, skipped, and pending (only left at a
 * cancel, which skips them). Every other status — sent, 'sending', an ambiguous 'não confirmado'
 * — counts as reached: the owner is never refunded for a message that may have gone.
 */
const NOT_REACHED = ['failed', 'skipped', 'pending'];
/** A claim younger than this is a send still in flight: the settlement waits for it. */
const IN_FLIGHT_MS = 10 * 60_000;

/** How many recipients the campaign reached (or may have), and whether a send is in flight. */
async function reachCount(deps: Services, campaignId: string) {
  const inFlightSince = new Date(deps.now().getTime() - IN_FLIGHT_MS);
  const [row] = await deps.db
    .select({
      reached: sql<number>`count(*) filter (where ${campaignRecipients.status} not in (${sql.join(
        NOT_REACHED.map((s) => sql`${s}`),
        sql`, `,
      )}))::int`,
      inFlight: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'sending' and ${campaignRecipients.claimedAt} > ${inFlightSince.toISOString()})::int`,
    })
    .from(campaignRecipients)
    .where(eq(campaignRecipients.campaignId, campaignId));
  return { reached: Number(row?.reached ?? 0), inFlight: Number(row?.inFlight ?? 0) > 0 };
}

function bandsText(n: number): string {
  return n === 1 ? '1 faixa de 100 clientes' : `${n} faixas de 100 clientes`;
}

export type Settlement =
  | { kind: 'not-ended' | 'in-flight' | 'none' }
  | { kind: 'kept'; usedBands: number }
  | { kind: 'refunded'; payment: PaymentRow };

/**
 * An ended campaign (sent or cancelled) keeps only the bands it used: ceil(reached / 100). The
 * rest goes back at once; everything if it reached nobody. Waits while a send is in flight (a
 * cancel midway): it is counted once it settled. Throws ApiError 502 when the PSP is down (the
 * re-check runs this again until `settledAt`).
 */
export async function settleCampaignPayment(
  deps: Services,
  campaignId: string,
  wholeReason?: string,
): Promise<Settlement> {
  const [campaign] = await deps.db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  if (!campaign || !['enviado', 'cancelado'].includes(campaign.status)) {
    return { kind: 'not-ended' };
  }
  const payment = await keptPayment(deps, campaignId);
  if (!payment || payment.settledAt) return { kind: 'none' };
  const { reached, inFlight } = await reachCount(deps, campaignId);
  if (inFlight) return { kind: 'in-flight' };
  const bands = paidBands(deps, payment);
  const used = Math.min(bands, priceBands(reached));
  if (used >= bands) {
    await deps.db
      .update(payments)
      .set({ settledAt: deps.now(), updatedAt: deps.now() })
      .where(eq(payments.id, payment.id));
    return { kind: 'kept', usedBands: used };
  }
  if (used === 0) {
    const reason =
      wholeReason ?? (campaign.status === 'cancelado' ? CANCELLED_REASON : NOBODY_REACHED_REASON);
    await deps.db
      .update(payments)
      .set({ refundDue: reason, updatedAt: deps.now() })
      .where(eq(payments.id, payment.id));
    return { kind: 'refunded', payment: await refundPaymentRow(deps, payment, reason) };
  }
  const unused = bands - used;
  const amount = fromCents(unused * bandCents(deps, payment));
  const reason = `Devolução de ${formatBRL(amount)}: ${bandsText(unused)} não ${
    unused === 1 ? 'foi usada' : 'foram usadas'
  } (${reached} ${reached === 1 ? 'cliente alcançado' : 'clientes alcançados'})`;
  return { kind: 'refunded', payment: await refundPaymentRow(deps, payment, reason, amount) };
}

/**
 * For the re-check: whole refunds owed (refundDue) are asked again, and every ended campaign's
 * kept payment is settled. A PSP failure leaves the row for the next run. Returns how many
 * devoluções were made.
 */
export async function settlePendingRefunds(deps: Services, limit = 100): Promise<number> {
  let refunded = 0;
  const owed = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pago'),
        sql`${payments.refundDue} is not null`,
        isNull(payments.refundId),
      ),
    )
    .limit(limit);
  for (const row of owed) {
    try {
      await refundPaymentRow(deps, row, row.refundDue ?? CANCELLED_REASON);
      refunded++;
    } catch (error) {
      logger.warn('pix refund still failing; will retry', {
        paymentId: row.id,
        error: errorSummary(error),
      });
    }
  }
  const ended = await paidUnrefundedCampaigns(
    deps.db,
    limit,
    isNull(payments.refundDue),
    isNull(payments.settledAt),
    inArray(campaigns.status, ['enviado', 'cancelado']),
  );
  for (const campaignId of ended) {
    try {
      if ((await settleCampaignPayment(deps, campaignId)).kind === 'refunded') refunded++;
    } catch (error) {
      logger.warn('pix settlement failed; will retry', {
        campaignId,
        error: errorSummary(error),
      });
    }
  }
  return refunded;
}

/**
 * Devoluções (decision 012). One devolução per payment (id `D` + txid), of either
 * - the whole amount: the campaign did not go (cancelled before anything went out, refused after
 *   payment, paid twice, WhatsApp disconnected for a day) → status 'devolvido'; or
 * - the bands the campaign did not use, once it ended (opt-outs, numbers not on WhatsApp, a
 *   cancel midway) → the payment stays 'pago' with `refundAmount`.
 * A whole refund that is owed is first written down (`refundDue`), so the re-check asks again
 * until the PSP accepts it; the settlement of an ended campaign is re-run until `settledAt`.
 */
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { formatBRL, fromCents, toCents } from '../../../src/domain/money';
import { priceBands } from '../../../src/domain/pix/price';
import { campaignRecipients, campaigns, payments } from '../../db/schema';
import { ApiError } from '../../http';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';
import { PaymentGatewayError, refundIdFor } from './gateway';
import { type PaymentRow, payingFor } from './payment-row';

/** The refund reason when the owner cancelled the campaign before it went out. */
export const CANCELLED_REASON = 'Campanha cancelada';
export const DUPLICATE_REASON = 'Pagamento em duplicidade';
export const NOBODY_REACHED_REASON = 'Nenhum cliente foi alcançado pela campanha';

/**
 * Recipient statuses that are clearly "not reached": failed, skipped, and pending (only left at a
 * cancel, which skips them). Every other status — sent, 'sending', an ambiguous 'não confirmado'
 * — counts as reached: the owner is never refunded for a message that may have gone.
 */
const NOT_REACHED = ['failed', 'skipped', 'pending'];
/** A claim younger than this is a send still in flight: the settlement waits for it. */
const IN_FLIGHT_MS = 10 * 60_000;

/** Bands this payment paid for (rows older than the column: derived from its amount). */
export function paidBands(deps: Pick<Services, 'env'>, row: PaymentRow): number {
  if (row.bands !== null && row.bands !== undefined) return row.bands;
  const per = toCents(deps.env.CAMPAIGN_PRICE_PER_100);
  return Math.max(1, Math.round(toCents(row.valor) / per));
}

/** Price of one band as this payment paid it, in cents. */
function bandCents(deps: Pick<Services, 'env'>, row: PaymentRow): number {
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
  const ended = await deps.db
    .select({ campaignId: payments.campaignId })
    .from(payments)
    .innerJoin(campaigns, eq(campaigns.id, payments.campaignId))
    .where(
      and(
        eq(payments.status, 'pago'),
        isNull(payments.refundDue),
        isNull(payments.refundId),
        isNull(payments.settledAt),
        inArray(campaigns.status, ['enviado', 'cancelado']),
      ),
    )
    .limit(limit);
  for (const { campaignId } of ended) {
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

/** How long a paid campaign may wait for WhatsApp to be reconnected before its money goes back. */
export const DISCONNECTED_REFUND_AFTER_MS = 24 * 60 * 60 * 1000;
export const DISCONNECTED_REFUND_REASON =
  'O WhatsApp ficou desconectado por 24 horas e nada foi enviado: campanha cancelada e pagamento devolvido';

/**
 * Paid campaigns stopped because WhatsApp is disconnected, nothing sent, due for more than 24 h:
 * cancelled and refunded in full (the owner sees why on the campaign and on the payment).
 */
export async function refundStalledCampaigns(deps: Services, limit = 100): Promise<number> {
  const before = new Date(deps.now().getTime() - DISCONNECTED_REFUND_AFTER_MS);
  const stalled = await deps.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(payments, eq(payments.campaignId, campaigns.id))
    .where(
      and(
        eq(campaigns.status, 'pausado'),
        eq(campaigns.pauseKind, 'disconnected'),
        eq(campaigns.sentCount, 0),
        lt(campaigns.startsAt, before),
        eq(payments.status, 'pago'),
        isNull(payments.refundId),
      ),
    )
    .limit(limit);
  let refunded = 0;
  for (const { id } of stalled) {
    const now = deps.now();
    const cancelled = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(campaigns)
        .set({
          status: 'cancelado',
          pauseKind: null,
          pauseReason: DISCONNECTED_REFUND_REASON,
          pausedUntil: null,
          updatedAt: now,
        })
        .where(
          and(
            eq(campaigns.id, id),
            eq(campaigns.status, 'pausado'),
            eq(campaigns.pauseKind, 'disconnected'),
            eq(campaigns.sentCount, 0),
          ),
        )
        .returning({ id: campaigns.id });
      if (!row) return false;
      await tx
        .update(campaignRecipients)
        .set({ status: 'skipped', lastError: DISCONNECTED_REFUND_REASON, settledAt: now })
        .where(
          and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.status, 'pending')),
        );
      return true;
    });
    if (!cancelled) continue;
    logger.warn('paid campaign cancelled: WhatsApp disconnected for 24 h', { campaignId: id });
    try {
      const s = await settleCampaignPayment(deps, id, DISCONNECTED_REFUND_REASON);
      if (s.kind === 'refunded') refunded++;
    } catch (error) {
      logger.warn('pix refund failed; will retry', { campaignId: id, error: errorSummary(error) });
    }
  }
  return refunded;
}

/**
 * The cancel route's step after the campaign is cancelled: a charge still waiting is withdrawn at
 * the PSP (the re-check keeps asking about it until the PSP confirms), and the paid payment is
 * settled: whatever was not sent goes back, counted once a send in flight settled. A PSP that
 * cannot be reached does not undo the cancel: the re-check asks for the refund again.
 */
export async function settleCancelledCampaign(
  deps: Services,
  storeId: string,
  campaignId: string,
): Promise<void> {
  if (!deps.pix) return;
  const [campaign] = await deps.db
    .select({ status: campaigns.status })
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
  try {
    await settleCampaignPayment(deps, campaignId, CANCELLED_REASON);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 502) throw error;
    logger.warn('pix refund failed at cancel; the re-check will retry', { campaignId });
  }
}

/**
 * For tests and tools: refunds the campaign's kept payment in full. Returns the refunded payment,
 * or null when the campaign had none (free or unpaid: nothing to return).
 */
export async function refundCampaignPayment(
  deps: Services,
  storeId: string,
  campaignId: string,
): Promise<PaymentRow | null> {
  const paid = await keptPayment(deps, campaignId);
  if (!paid || paid.storeId !== storeId) return null;
  return refundPaymentRow(deps, paid);
}

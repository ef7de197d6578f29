/**
 * Whole refunds of a campaign that did not go: cancelled before anything went out, or waiting
 * a day for a disconnected WhatsApp (decision 012). The money movement itself is refund.ts.
 */
import { and, eq, lt } from 'drizzle-orm';
import { type PaymentRow, paidUnrefundedCampaigns } from '../../db/payment-row';
import { campaignRecipients, campaigns, payments } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';

import { CANCELLED_REASON, keptPayment, refundPaymentRow } from './refund';
import { settleCampaignPayment } from './settlement';

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
  const stalled = await paidUnrefundedCampaigns(
    deps.db,
    limit,
    eq(campaigns.status, 'pausado'),
    eq(campaigns.pauseKind, 'disconnected'),
    eq(campaigns.sentCount, 0),
    lt(campaigns.startsAt, before),
  );
  let refunded = 0;
  for (const id of stalled) {
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

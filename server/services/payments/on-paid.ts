/**
 * What happens when the PSP confirmed a campaign's payment. WIRING POINT for the campaigns
 * feature: `onPaid` must confirm (send or schedule) the paid campaign. It runs at least once per
 * paid payment — again from the re-check if it threw — so what it calls must be idempotent
 * (confirming a campaign twice sends it once, per the campaigns contract).
 */
import type { payments } from '../../db/schema';
import { logger } from '../../logger';
import type { Services } from '../../types';

export type PaymentRow = typeof payments.$inferSelect;

export async function onPaid(deps: Services, payment: PaymentRow): Promise<void> {
  if (deps.onPaymentPaid) return deps.onPaymentPaid(deps, payment);
  // Lead: replace this line with the campaigns' confirmation, e.g.
  //   await confirmCampaign(deps, payment.storeId, payment.campaignId);
  logger.info('pix payment confirmed', { paymentId: payment.id, campaignId: payment.campaignId });
}

/**
 * What happens when the PSP confirmed a campaign's payment: the server confirms (sends or
 * schedules) the campaign at that moment, whether or not the owner's phone is still online. It
 * runs at least once per paid payment — again from the re-check if it threw — and confirming a
 * campaign twice sends it once. A campaign that can no longer go (cancelled, deleted, or refused
 * by a rule between payment and confirmation: daily limit, scheduled time passed, no customers)
 * gets its money back, with the refusal recorded as the refund reason.
 */

import type { PaymentRow } from '../../db/payment-row';
import { ApiError } from '../../lib/api-input';
import { logger } from '../../logger';
import type { Services } from '../../types';
import { confirmCampaign } from '../campaigns/confirm';
import { linkBase } from '../public-base';
import { refundOwed } from './refund';

export type { PaymentRow } from '../../db/payment-row';

export async function onPaid(deps: Services, payment: PaymentRow): Promise<void> {
  // Owed back already (paid twice): it confirms nothing.
  if (payment.refundDue) return;
  if (deps.onPaymentPaid) return deps.onPaymentPaid(deps, payment);
  const base = { publicBase: linkBase(deps.env) };
  try {
    await confirmCampaign(deps, payment.storeId, payment.campaignId, base);
  } catch (error) {
    // A refusal (4xx) is final: return the money. Anything else is retried by the re-check.
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    logger.warn('paid campaign refused at confirmation; refunding', {
      paymentId: payment.id,
      campaignId: payment.campaignId,
      reason: error.message,
    });
    // Written down first: if the PSP is down now, the re-check asks for the devolução again.
    await refundOwed(deps, payment, error.message);
    return;
  }
  logger.info('paid campaign confirmed', {
    paymentId: payment.id,
    campaignId: payment.campaignId,
  });
}

/**
 * What the campaign report says about money (decision 012): the bands paid, the customers left
 * for the next campaign (added after the charge, or beyond the bands paid), and what went back.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CampaignBillingJson, refundText } from '../../../src/domain/pix/payment';
import { campaignRecipients, payments } from '../../db/schema';
import type { Services } from '../../types';
import { SKIP_REASONS } from '../campaigns/audience';
import { toPaymentView } from './payment-view';
import { paidBands } from './refund';

export async function campaignBilling(
  deps: Services,
  storeId: string,
  campaignId: string,
): Promise<CampaignBillingJson | null> {
  if (!deps.pix) return null;
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.campaignId, campaignId),
        inArray(payments.status, ['pago', 'devolvido']),
      ),
    )
    .orderBy(desc(payments.paidAt));
  // The payment the campaign went with (kept), else the latest one given back.
  const row = rows.find((r) => r.status === 'pago' && !r.refundDue) ?? rows[0];
  if (!row) return null;
  const [later] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .where(
      and(
        eq(campaignRecipients.campaignId, campaignId),
        eq(campaignRecipients.status, 'skipped'),
        eq(campaignRecipients.lastError, SKIP_REASONS.later),
      ),
    );
  const view = toPaymentView(deps, row);
  const waiting = Number(later?.n ?? 0);
  return {
    paymentId: row.id,
    valor: row.valor,
    paidBands: paidBands(deps, row),
    waitingNextCampaign: waiting,
    waitingText:
      waiting === 0
        ? null
        : waiting === 1
          ? '1 cliente cadastrado depois do pagamento fica para a próxima campanha.'
          : `${waiting} clientes cadastrados depois do pagamento ficam para a próxima campanha.`,
    refundAmount: view.refundAmount,
    refundStatus: view.refundStatus,
    refundReason: view.refundReason,
    refundText: refundText(view),
  };
}

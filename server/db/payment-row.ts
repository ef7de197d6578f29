/** A payments row as the payment services pass it around, and what makes one the kept payment. */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { campaigns, payments } from './schema';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * A campaign's payment that pays for it: confirmed (`pago`) and not owed back (a second payment
 * or one for a campaign that can no longer go is `refundDue`). The first of these by `paidAt` is
 * the kept one (decision 012).
 */
export function payingFor(campaignId: string) {
  return and(
    eq(payments.campaignId, campaignId),
    eq(payments.status, 'pago'),
    isNull(payments.refundDue),
  );
}

/**
 * The re-check's work lists: campaigns with a paid payment not yet refunded that match `more`
 * (stalled by a disconnection; ended and not settled), at most `limit` of them.
 */
export async function paidUnrefundedCampaigns(
  db: Db,
  limit: number,
  ...more: SQL[]
): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(payments, eq(payments.campaignId, campaigns.id))
    .where(and(eq(payments.status, 'pago'), isNull(payments.refundId), ...more))
    .limit(limit);
  return rows.map((row) => row.id);
}

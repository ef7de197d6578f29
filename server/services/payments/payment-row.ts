/** A payments row as the payment services pass it around, and what makes one the kept payment. */
import { and, eq, isNull } from 'drizzle-orm';
import { payments } from '../../db/schema';

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

/**
 * The re-check of pending charges (for a periodic job; see docs/decisions/012): a lost webhook
 * loses no payment, a failed onPaid is retried, refunds in progress are followed, and a
 * cancelled campaign's refund that failed is asked again.
 */
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';
import { refundStalledCampaigns } from './campaign-refunds';
import { confirmPayment, runOnPaid } from './confirm';
import { RECHECK_INTERVAL_MS } from './payments-service';
import { settlePendingRefunds } from './settlement';

/**
 * The re-check (for a periodic job): every pending charge not asked about recently is asked to
 * the PSP until it is paid or closed (removal confirmed, or expiry well past); paid payments whose onPaid failed are handled again;
 * refunds in progress are followed. Returns what it did.
 */
export async function recheckPayments(deps: Services, limit = 100) {
  const done = { checked: 0, paid: 0, expired: 0, handled: 0, failed: 0, refunded: 0 };
  if (!deps.pix) return done;
  const cutoff = new Date(deps.now().getTime() - RECHECK_INTERVAL_MS);
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        or(
          eq(payments.status, 'pendente'),
          // Withdrawn or expired on our side, not yet confirmed unpayable by the PSP.
          and(inArray(payments.status, ['expirado', 'cancelado']), isNull(payments.closedAt)),
          // A devolução (whole or part) the PSP is still processing.
          eq(payments.refundStatus, 'EM_PROCESSAMENTO'),
        ),
        or(isNull(payments.checkedAt), lt(payments.checkedAt, cutoff)),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`)
    .limit(limit);
  for (const row of rows) {
    try {
      const after = await confirmPayment(deps, row);
      done.checked++;
      if (after.status === 'pago' && row.status !== 'pago') done.paid++;
      if (after.status === 'expirado') done.expired++;
    } catch (error) {
      done.failed++;
      logger.warn('pix re-check failed', { paymentId: row.id, error: errorSummary(error) });
    }
  }
  const unhandled = await deps.db
    .select()
    .from(payments)
    .where(
      and(eq(payments.status, 'pago'), isNull(payments.paidHandledAt), isNull(payments.refundDue)),
    )
    .limit(limit);
  for (const row of unhandled) if (await runOnPaid(deps, row)) done.handled++;
  done.refunded =
    (await refundStalledCampaigns(deps, limit)) + (await settlePendingRefunds(deps, limit));
  return done;
}

/**
 * The only way a payment becomes 'pago': the PSP's own `GET /cob/{txid}` says CONCLUIDA with
 * the charge's exact amount. Webhooks, the sandbox page and the re-check all end here.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { fromCents, toCents } from '../../../src/domain/money';
import type { PaymentRow } from '../../db/payment-row';
import { campaigns, payments, pixUnmatchedNotifications } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';
import type { ChargeState } from '../pix/gateway';
import { onPaid } from './on-paid';
import { DUPLICATE_REASON, refundOwed } from './refund';

/**
 * An unpaid charge is asked about until the PSP confirms its removal or its expiry at the PSP is
 * this far past (a Pix made in its last second settles within seconds; an hour is well past).
 */
export const CLOSE_AFTER_EXPIRY_MS = 60 * 60_000;

export type UnmatchedReason = 'txid_desconhecido' | 'valor_divergente';

/** Kept for a person to reconcile; the same notification twice is stored once. */
export async function recordUnmatched(
  deps: Services,
  reason: UnmatchedReason,
  item: { txid?: string; e2eid?: string; valor?: string; horario?: string },
): Promise<void> {
  await deps.db
    .insert(pixUnmatchedNotifications)
    .values({
      reason,
      txid: (item.txid ?? '').slice(0, 35),
      e2eid: (item.e2eid ?? '').slice(0, 32),
      valor: (item.valor ?? '').slice(0, 16),
      horario: (item.horario ?? '').slice(0, 40),
      // The webhook's hourly budget and the clean-up read this on the server's clock.
      createdAt: deps.now(),
    })
    .onConflictDoNothing();
  logger.warn('pix notification not matched', { reason, txid: item.txid ?? null });
}

/** Calls onPaid and remembers it finished; a failure is retried by the re-check. */
export async function runOnPaid(deps: Services, row: PaymentRow): Promise<boolean> {
  try {
    await onPaid(deps, row);
  } catch (error) {
    logger.error('onPaid failed; the re-check will retry', {
      paymentId: row.id,
      error: errorSummary(error),
    });
    return false;
  }
  await deps.db
    .update(payments)
    .set({ paidHandledAt: deps.now(), updatedAt: deps.now() })
    .where(eq(payments.id, row.id));
  return true;
}

/** The PSP's `horario`, when it is a real date. */
function paidTime(at: string | undefined): Date | null {
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/**
 * The move to 'pago', serialised per campaign (the campaign row is locked): the first payment of
 * a campaign to become 'pago' is kept; any later one is written down as owed back (refundDue) in
 * the same transaction, so two confirmations never both keep nor both refund. The devolução is
 * asked after the commit; if it fails the re-check asks again.
 */
async function markPaid(deps: Services, row: PaymentRow, state: ChargeState): Promise<PaymentRow> {
  const first = state.pix[0];
  const paidCents = state.pix.reduce((sum, p) => sum + toCents(p.amount), 0);
  const decided = await deps.db.transaction(async (tx) => {
    await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.id, row.campaignId))
      .for('update');
    const [won] = await tx
      .update(payments)
      .set({
        status: 'pago',
        e2eid: first?.e2eid ?? null,
        paidAmount: fromCents(paidCents),
        paidAt: paidTime(first?.at) ?? deps.now(),
        closedAt: deps.now(),
        updatedAt: deps.now(),
      })
      // Only one caller wins the transition, so onPaid runs once per payment.
      .where(
        and(
          eq(payments.id, row.id),
          inArray(payments.status, ['pendente', 'expirado', 'cancelado']),
        ),
      )
      .returning();
    if (!won) return null;
    const [kept] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.campaignId, won.campaignId),
          eq(payments.status, 'pago'),
          isNull(payments.refundDue),
          ne(payments.id, won.id),
        ),
      )
      .limit(1);
    if (kept) {
      const [owed] = await tx
        .update(payments)
        .set({ refundDue: DUPLICATE_REASON, paidHandledAt: deps.now() })
        .where(eq(payments.id, won.id))
        .returning();
      return { won: owed ?? won, duplicate: true, stale: [] as { txid: string }[] };
    }
    // Other live charges for the same campaign must not be paid again. They stay open (closedAt
    // null) until the PSP confirms the removal: a payment made meanwhile is still found.
    const stale = await tx
      .update(payments)
      .set({ status: 'cancelado', updatedAt: deps.now() })
      .where(and(eq(payments.campaignId, won.campaignId), eq(payments.status, 'pendente')))
      .returning({ txid: payments.txid });
    return { won, duplicate: false, stale };
  });
  if (!decided) return (await reload(deps, row.id)) ?? row;
  const { won } = decided;
  logger.info('pix payment paid', { paymentId: won.id, campaignId: won.campaignId });
  if (decided.duplicate) {
    // The campaign was already paid by another charge (e.g. an expired one paid late): return this money.
    logger.warn('campaign paid twice; refunding the second payment', { paymentId: won.id });
    return refundOwed(deps, won, DUPLICATE_REASON);
  }
  for (const s of decided.stale) {
    await deps.pix
      ?.cancelCharge(s.txid)
      .catch((error: unknown) =>
        logger.warn('could not remove a replaced pix charge', { error: errorSummary(error) }),
      );
  }
  await runOnPaid(deps, won);
  return (await reload(deps, won.id)) ?? won;
}

export async function reload(deps: Services, id: string): Promise<PaymentRow | null> {
  const [row] = await deps.db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/**
 * Asks the PSP about one payment and applies what it says: paid (amount must match), expired,
 * removed, refund settled. Throws PaymentGatewayError when the PSP cannot be reached.
 */
export async function confirmPayment(deps: Services, row: PaymentRow): Promise<PaymentRow> {
  const gateway = deps.pix;
  if (!gateway) return row;
  const state = await gateway.getCharge(row.txid);
  const now = deps.now();
  await deps.db.update(payments).set({ checkedAt: now }).where(eq(payments.id, row.id));

  if (state && state.pix.length > 0) {
    const received = state.pix.reduce((sum, p) => sum + toCents(p.amount), 0);
    if (row.refundId) return applyRefundState(deps, row, state);
    if (row.status === 'pago' || row.status === 'devolvido') return row;
    if (state.status === 'CONCLUIDA' && received === toCents(row.valor)) {
      return markPaid(deps, row, state);
    }
    await recordUnmatched(deps, 'valor_divergente', {
      txid: row.txid,
      e2eid: state.pix[0]?.e2eid,
      valor: fromCents(received),
      horario: state.pix[0]?.at,
    });
  }
  if (row.status === 'pago' || row.status === 'devolvido' || row.closedAt) return row;
  const removed =
    state === null ||
    state.status === 'REMOVIDA_PELO_PSP' ||
    state.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
  const pspExpiry = state?.expiresAt ?? row.expiresAt ?? now;
  const expired = pspExpiry <= now;
  // Well past the PSP's own expiry with nothing received: it can no longer be paid.
  const longExpired = pspExpiry.getTime() + CLOSE_AFTER_EXPIRY_MS <= now.getTime();
  const closed = (removed && (state !== null || expired)) || longExpired;
  if (row.status === 'pendente') {
    if (!closed && !expired) return row;
    const [updated] = await deps.db
      .update(payments)
      .set({
        status: removed && state !== null ? 'cancelado' : 'expirado',
        ...(closed ? { closedAt: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'pendente')))
      .returning();
    return updated ?? (await reload(deps, row.id)) ?? row;
  }
  // 'expirado'/'cancelado' on Talí's side but not yet confirmed unpayable: asked until it is.
  if (!closed) return row;
  const [updated] = await deps.db
    .update(payments)
    .set({ closedAt: now, updatedAt: now })
    .where(and(eq(payments.id, row.id), inArray(payments.status, ['expirado', 'cancelado'])))
    .returning();
  return updated ?? (await reload(deps, row.id)) ?? row;
}

async function applyRefundState(deps: Services, row: PaymentRow, state: ChargeState) {
  const refund = state.pix.flatMap((p) => p.refunds).find((r) => r.id === row.refundId);
  if (!refund || refund.status === row.refundStatus) return row;
  if (refund.status === 'NAO_REALIZADO') {
    logger.error('pix refund not made by the PSP', { paymentId: row.id });
  }
  const [updated] = await deps.db
    .update(payments)
    .set({ refundStatus: refund.status, updatedAt: deps.now() })
    .where(eq(payments.id, row.id))
    .returning();
  return updated ?? row;
}

/**
 * Campaign payments: one live Pix charge per campaign (asked again → the same one; expired →
 * replaced), store-scoped reads that re-check a pending charge now and then, and the
 * re-check of every pending charge so a lost webhook loses no payment.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { campaignPrice, priceBands } from '../../../src/domain/pix/price';
import type { PaymentRow } from '../../db/payment-row';
import { payments } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';
import { type PaymentGateway, PaymentGatewayError, txidFor } from '../pix/gateway';
import { publicBaseUrl } from '../public-base';
import { confirmPayment, reload } from './confirm';
import { qrDataUrl } from './payment-view';

/** How long the owner has to pay one charge. */
export const CHARGE_TTL_SECONDS = 15 * 60;
/** A charge this close to expiring is replaced rather than shown (no time left to pay). */
const REUSE_MARGIN_MS = 60_000;
/** A pending charge being polled is asked to the PSP at most this often. */
export const RECHECK_INTERVAL_MS = 10_000;

export const PAYMENT_REQUIRED_MESSAGE = 'Pague o Pix para enviar a campanha';
const PSP_DOWN = 'Não foi possível gerar a cobrança Pix. Tente novamente.';

/** False when PIX_PROVIDER=off: campaigns are free and there is no payment step. */
export function paymentsEnabled(deps: Services): boolean {
  return deps.pix !== null;
}

const webhookRegistered = new WeakMap<PaymentGateway, Promise<void>>();

/** Registers `${PUBLIC_URL}/api/webhooks/pix` once per process (retried after a failure). */
function ensureWebhook(deps: Services, gateway: PaymentGateway): void {
  const base = publicBaseUrl(deps.env, undefined);
  if (gateway.provider !== 'bcb' || webhookRegistered.has(gateway) || !base) return;
  const url = `${base}/api/webhooks/pix`;
  const attempt = gateway.registerWebhook(url).catch((error: unknown) => {
    webhookRegistered.delete(gateway);
    logger.warn('pix webhook not registered; will retry', { error: errorSummary(error) });
  });
  webhookRegistered.set(gateway, attempt);
}

async function campaignPayments(deps: Services, storeId: string, campaignId: string) {
  return deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.storeId, storeId), eq(payments.campaignId, campaignId)))
    .orderBy(desc(payments.createdAt));
}

/** Asks the PSP for the charge of a pending row (again, if an earlier attempt failed). */
async function issueCharge(deps: Services, gateway: PaymentGateway, row: PaymentRow) {
  let charge: Awaited<ReturnType<PaymentGateway['createCharge']>>;
  try {
    charge = await gateway.createCharge({
      txid: row.txid,
      amount: row.valor,
      expiresInSeconds: CHARGE_TTL_SECONDS,
      description: 'Campanha de mensagens Talí',
    });
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new ApiError(502, PSP_DOWN);
    throw error;
  }
  const [updated] = await deps.db
    .update(payments)
    .set({
      pixCopiaECola: charge.pixCopiaECola,
      pixQrCode: await qrDataUrl(charge.pixCopiaECola),
      gatewayId: charge.location,
      expiresAt: charge.expiresAt,
      updatedAt: deps.now(),
    })
    .where(eq(payments.id, row.id))
    .returning();
  return updated ?? row;
}

/**
 * The campaign's charge for `recipientCount` recipients: the paid payment if there is one, the
 * live charge if it is still payable for the same amount, else a new charge. 502 when the PSP
 * cannot be reached (nothing is lost: the next call retries the same txid).
 */
export async function requestCampaignCharge(
  deps: Services,
  input: { storeId: string; campaignId: string; recipientCount: number },
): Promise<PaymentRow> {
  const gateway = deps.pix;
  if (!gateway) throw new Error('requestCampaignCharge called with PIX_PROVIDER=off');
  ensureWebhook(deps, gateway);
  const valor = campaignPrice(input.recipientCount, deps.env.CAMPAIGN_PRICE_PER_100);
  if (valor === '0.00') throw new ApiError(400, 'A campanha não tem destinatários');

  for (let attempt = 0; attempt < 3; attempt++) {
    const rows = await campaignPayments(deps, input.storeId, input.campaignId);
    const paid = rows.find((r) => r.status === 'pago' && !r.refundDue);
    if (paid) return paid;
    const live = rows.find((r) => r.status === 'pendente');
    if (live) {
      const now = deps.now().getTime();
      const payable = !live.expiresAt || live.expiresAt.getTime() - REUSE_MARGIN_MS > now;
      if (payable && live.valor === valor) {
        return live.pixCopiaECola ? live : issueCharge(deps, gateway, live);
      }
      // Expired, about to, or for another amount: it may still have been paid; ask first. Once
      // replaced it stays open (closedAt null): the re-check asks until the PSP confirms it unpayable.
      const checked = await confirmPayment(deps, live).catch((error: unknown) => {
        if (error instanceof PaymentGatewayError) throw new ApiError(502, PSP_DOWN);
        throw error;
      });
      // Paid after all: loop and answer the campaign's kept payment.
      if (checked.status === 'pago') continue;
      if (checked.status === 'pendente') {
        await deps.db
          .update(payments)
          .set({
            status: expiredBy(checked, now) ? 'expirado' : 'cancelado',
            updatedAt: deps.now(),
          })
          .where(and(eq(payments.id, checked.id), eq(payments.status, 'pendente')));
        // Best effort: the row is already 'cancelado', so a charge paid anyway is refunded.
        await gateway.cancelCharge(checked.txid).catch(() => undefined);
      }
    }
    const id = randomUUID();
    const [created] = await deps.db
      .insert(payments)
      .values({
        id,
        txid: txidFor(id),
        campaignId: input.campaignId,
        storeId: input.storeId,
        valor,
        bands: priceBands(input.recipientCount),
        provider: gateway.provider,
        status: 'pendente',
        createdAt: deps.now(),
        expiresAt: new Date(deps.now().getTime() + CHARGE_TTL_SECONDS * 1000),
      })
      // Another request created the live charge first: loop and answer that one.
      .onConflictDoNothing()
      .returning();
    if (created) return issueCharge(deps, gateway, created);
  }
  throw new ApiError(409, 'Tente novamente em instantes');
}

function expiredBy(row: PaymentRow, now: number): boolean {
  return !!row.expiresAt && row.expiresAt.getTime() - REUSE_MARGIN_MS <= now;
}

/** True once the PSP confirmed a payment for this campaign (the send may go ahead). */
export async function isCampaignPaid(deps: Services, storeId: string, campaignId: string) {
  const rows = await campaignPayments(deps, storeId, campaignId);
  return rows.some((r) => r.status === 'pago' && !r.refundDue);
}

/**
 * A payment of the caller's store (null for another store's or an unknown id). A pending one
 * not asked about for RECHECK_INTERVAL_MS is re-checked with the PSP first, so an owner
 * watching the QR sees the payment even when the webhook was lost.
 */
export async function getStorePayment(deps: Services, storeId: string, id: string) {
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.storeId, storeId)));
  if (row?.status !== 'pendente') return row ?? null;
  const last = row.checkedAt?.getTime() ?? row.createdAt.getTime();
  if (deps.now().getTime() - last < RECHECK_INTERVAL_MS) return row;
  try {
    return await confirmPayment(deps, row);
  } catch (error) {
    logger.warn('pix re-check failed', { paymentId: row.id, error: errorSummary(error) });
    return (await reload(deps, row.id)) ?? row;
  }
}

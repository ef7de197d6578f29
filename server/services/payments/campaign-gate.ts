/**
 * The one call the campaign confirm step needs: may this campaign go out, or must the owner pay
 * first? With PIX_PROVIDER=off every campaign may go (free).
 */
import { ApiError } from '../../lib/api-input';
import type { Services } from '../../types';
import { type PaymentView, toPaymentView } from './payment-view';
import {
  PAYMENT_REQUIRED_MESSAGE,
  paymentsEnabled,
  requestCampaignCharge,
} from './payments-service';

export type CampaignPaymentGate =
  | { paid: true }
  | {
      paid: false;
      status: 402;
      /** `recipientCount`: who the campaign would reach now, the count the price is made of. */
      body: { message: string; payment: PaymentView; recipientCount: number };
    };

/**
 * `{ paid: true }` when payments are off or the PSP confirmed this campaign's payment; otherwise
 * the live charge (created, reused or renewed) as the 402 body `{ message, payment,
 * recipientCount }`.
 * Throws ApiError 502 when the PSP cannot be reached (nothing is lost; asking again retries).
 */
export async function campaignPaymentGate(
  deps: Services,
  input: { storeId: string; campaignId: string; recipientCount: number },
): Promise<CampaignPaymentGate> {
  if (!paymentsEnabled(deps)) return { paid: true };
  const row = await requestCampaignCharge(deps, input);
  if (row.status === 'pago') return { paid: true };
  return {
    paid: false,
    status: 402,
    body: {
      message: PAYMENT_REQUIRED_MESSAGE,
      payment: toPaymentView(deps, row),
      recipientCount: input.recipientCount,
    },
  };
}

export const WHATSAPP_DISCONNECTED_MESSAGE =
  'O WhatsApp da loja está desconectado. Conecte o WhatsApp para enviar a campanha agora; nada foi cobrado.';

/**
 * Throws 409 unless the store's WhatsApp is connected now (asked to the gateway, not a cached
 * state): a campaign that goes now is not charged when it could not go.
 */
export async function requireConnectedWhatsApp(deps: Services, storeId: string): Promise<void> {
  // A gateway that cannot answer cannot send either: refused like a disconnected one.
  const state = await deps.gateway.state({ id: storeId }).catch(() => 'disconnected' as const);
  if (state !== 'connected') throw new ApiError(409, WHATSAPP_DISCONNECTED_MESSAGE);
}

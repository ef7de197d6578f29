/**
 * A campaign's Pix payment as GET /api/pagamentos/{id} and the 402 of 'Enviar' answer it: written
 * by the server (payment-view.ts), read by the campaigns screen.
 */

import { formatBRL } from '../money';

export const PAYMENT_STATUSES = ['pendente', 'pago', 'expirado', 'cancelado', 'devolvido'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type RefundStatus = 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';

/** What the owner reads about money going back (pt-BR), or null when there is none. */
export function refundText(
  p: Pick<PaymentJson, 'id' | 'refundStatus' | 'refundAmount' | 'refundReason'>,
): string | null {
  if (!p.refundReason) return null;
  const amount = p.refundAmount ? formatBRL(p.refundAmount) : 'o valor';
  const reason = p.refundReason.replace(/\.$/, '');
  if (p.refundStatus === 'DEVOLVIDO') return `Devolvido: ${amount}. ${reason}.`;
  if (p.refundStatus === 'NAO_REALIZADO') {
    return `O banco não concluiu a devolução de ${amount}. Confira se a conta que pagou o Pix ainda está aberta e fale com o suporte do Talí informando o código ${p.id.slice(0, 8)}.`;
  }
  return `Devolução em processamento: ${amount} volta para a conta que pagou o Pix. ${reason}.`;
}

export type PaymentJson = {
  id: string;
  campaignId: string;
  /** Decimal reais, '25.00'. */
  valor: string;
  status: PaymentStatus;
  /** Image source (data: URL) of the copy-and-paste code; null until the PSP answered. */
  pixQrCode: string | null;
  pixCopiaECola: string | null;
  /** ISO instants. */
  expiresAt: string | null;
  paidAt: string | null;
  /**
   * Why money goes back: e.g. 'Campanha cancelada' (whole: status 'devolvido'), or the bands a
   * campaign did not use (part: status stays 'pago'); null when nothing is returned.
   */
  refundReason: string | null;
  /** Decimal reais returned (or being returned); null when nothing. */
  refundAmount: string | null;
  /**
   * The devolução at the PSP: 'EM_PROCESSAMENTO' (asked, not yet in the payer's account),
   * 'DEVOLVIDO' (returned), 'NAO_REALIZADO' (the bank did not return it: see refundHelp), or
   * null (none asked yet; with refundReason set, it is owed and asked again every minute).
   */
  refundStatus: RefundStatus | null;
  /** Sandbox PSP only: the page that plays the payer's bank. */
  sandboxUrl?: string;
};

/** Whether a value looks like a PaymentJson (the 402 body is read from the network). */
export function isPaymentJson(value: unknown): value is PaymentJson {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.campaignId === 'string' &&
    typeof v.valor === 'string' &&
    typeof v.status === 'string' &&
    (PAYMENT_STATUSES as readonly string[]).includes(v.status)
  );
}

/** The money part of a campaign report (GET /api/campanhas/{id}/relatorio → `billing`). */
export type CampaignBillingJson = {
  paymentId: string;
  /** Decimal reais paid. */
  valor: string;
  /** Bands of 100 customers paid: the campaign reaches at most paidBands × 100. */
  paidBands: number;
  /** Customers not included because they were added after the charge (or beyond the bands). */
  waitingNextCampaign: number;
  waitingText: string | null;
  refundAmount: string | null;
  refundStatus: RefundStatus | null;
  refundReason: string | null;
  /** The refund as the owner reads it (pt-BR), or null. */
  refundText: string | null;
};

/**
 * A campaign's Pix payment as GET /api/pagamentos/{id} and the 402 of 'Enviar' answer it: written
 * by the server (payment-view.ts), read by the campaigns screen.
 */

export const PAYMENT_STATUSES = ['pendente', 'pago', 'expirado', 'cancelado', 'devolvido'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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
  /** Why the money went back (status 'devolvido'): e.g. 'Campanha cancelada'; else null. */
  refundReason: string | null;
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

/** How a storefront order is paid (issue 38): the customer's choice and the owner's 'pago'. */
import { keysOf } from './choices';

export const PAYMENT_METHOD_LABELS = {
  pix: 'Pix',
  dinheiro: 'Dinheiro',
  cartao: 'Cartão na entrega',
} as const;
export const PAYMENT_METHODS = keysOf(PAYMENT_METHOD_LABELS);
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where an order was placed (issue 39): the storefront, or the assistant in the WhatsApp chat. */
export const SOURCE_LABELS = { loja: 'Loja virtual', whatsapp: 'WhatsApp' } as const;
export const ORDER_SOURCES = keysOf(SOURCE_LABELS);
export type OrderSource = (typeof ORDER_SOURCES)[number];

export const PAYMENT_STATUS_LABELS = { pendente: 'A pagar', pago: 'Pago' } as const;
export const PAYMENT_STATUSES = keysOf(PAYMENT_STATUS_LABELS);
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Pix only with the store's key; cash and card always (paid to whoever delivers or at the counter). */
export function offeredMethods(store: { pixKey: string | null | undefined }): PaymentMethod[] {
  return store.pixKey ? ['pix', 'dinheiro', 'cartao'] : ['dinheiro', 'cartao'];
}

const NOT_OFFERED: Record<PaymentMethod, string> = {
  pix: 'Esta loja não aceita Pix.',
  dinheiro: 'Esta loja não aceita pagamento em dinheiro.',
  cartao: 'Esta loja não aceita cartão na entrega.',
};
export const methodNotOffered = (method: PaymentMethod) => NOT_OFFERED[method];
export const TROCO_TOO_LOW = 'O troco deve ser para um valor maior que o total do pedido';

/** The 409 of a payment change made from a state the order is no longer in. */
export function stalePaymentMessage(code: string, current: PaymentStatus, to: PaymentStatus) {
  const label = (s: PaymentStatus) => (s === 'pago' ? 'pago' : 'a pagar');
  return `O pagamento do pedido ${code} mudou em outro aparelho (está ${label(current)} agora): a mudança para ${label(to)} não foi feita.`;
}

/**
 * 'A pagar' on the owner's screens: a payment method chosen, not paid yet, not cancelled. Orders
 * placed before payments existed (no method) are left out: they were settled by hand.
 */
export const toCollect = (o: {
  status: string;
  paymentStatus?: string;
  paymentMethod?: string | null;
}) => Boolean(o.paymentMethod) && o.status !== 'cancelado' && o.paymentStatus !== 'pago';

/** How the owner's screens write an order: time, delivery, items, WhatsApp and map links. */

import { madeOnUse } from '~/domain/made-on-use';
import type { LocalOrder, OrderStatus } from '~/domain/order';
import { DELIVERY_LABELS, type DeliveryKind, STATUS_LABELS } from '~/domain/order';

const time = madeOnUse(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

export const orderTime = (iso: string | null) => (iso ? time().format(new Date(iso)) : '');

export const statusLabel = (status: string) => STATUS_LABELS[status as OrderStatus] ?? status;
export const deliveryLabel = (kind: string) => DELIVERY_LABELS[kind as DeliveryKind] ?? kind;

export const itemsSummary = (order: LocalOrder) =>
  order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ');

/** wa.me to the customer, the code in the first line so the chat names the order. */
export const customerChatUrl = (order: LocalOrder) =>
  `https://wa.me/55${order.customerPhone}?text=${encodeURIComponent(`Olá, ${order.customerName}! Sobre o seu pedido ${order.code}:`)}`;

export const mapUrl = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** The badge colours of each state (text on tint, WCAG AA). */
export const STATUS_TONE: Record<OrderStatus, { bg: string; color: string }> = {
  novo: { bg: '#dbeafe', color: '#1e40af' },
  confirmado: { bg: '#d1fae5', color: '#065f46' },
  pronto: { bg: '#fef3c7', color: '#92400e' },
  entregue: { bg: '#e5e7eb', color: '#1f2937' },
  cancelado: { bg: '#fee2e2', color: '#991b1b' },
};

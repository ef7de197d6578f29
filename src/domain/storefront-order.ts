/** A storefront order as one WhatsApp message: shared by the server (per product) and the page's cart. */
import { formatBRL, fromCents } from './money';

export type OrderLine = { name: string; quantity: number; priceCents: number };

/** Chat text reads better with plain spaces; Intl puts a no-break space after R$. */
const money = (cents: number) => formatBRL(fromCents(cents)).replace(/\u00A0/g, ' ');

export function orderTotalCents(lines: OrderLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity * l.priceCents, 0);
}

/**
 * "Olá! Quero fazer um pedido:\n2 × Pão — R$ 1,50\n…\nTotal: R$ 1,50": every item, its quantity
 * and subtotal, then the total, so the owner can answer without opening the catalogue. The
 * message goes to the store's own WhatsApp, so its name is left out (it would repeat in every
 * product's link).
 */
export function orderMessage(lines: OrderLine[]): string {
  const items = lines.map((l) => `${l.quantity} × ${l.name} — ${money(l.quantity * l.priceCents)}`);
  return ['Olá! Quero fazer um pedido:', ...items, `Total: ${money(orderTotalCents(lines))}`].join(
    '\n',
  );
}

/** https://wa.me/55DDDNUMBER?text=… — `national` is the DDD + number, digits only. */
export function whatsappOrderLink(national: string, text: string): string {
  return `https://wa.me/55${national}?text=${encodeURIComponent(text)}`;
}

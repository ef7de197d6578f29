/** An order's code and the WhatsApp text that carries it: the chat and the order match by code. */
import { formatBRL, fromCents, toCents } from './money';

/** No 0/O and no 1/I: a code is read aloud over the counter or typed from a chat. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_PATTERN = /^P-[2-9A-HJ-NP-Z]{4}$/;

/** "P-4K7Q" from four random numbers (any integers; each picks one letter). */
export function orderCode(random: readonly number[]): string {
  const letters = random.slice(0, 4).map((n) => CODE_ALPHABET[Math.abs(n) % CODE_ALPHABET.length]);
  return `P-${letters.join('')}`;
}

export type MessageLine = { name: string; quantity: number; unitPrice: string };

/** Chat text reads better with plain spaces; Intl puts a no-break space after R$. */
const money = (value: string | number) => formatBRL(value).replace(/\u00A0/g, ' ');

/** "Olá! Fiz o pedido P-4K7Q:\n2 × Pão — R$ 3,00\nTotal: R$ 3,00". */
export function placedOrderMessage(code: string, lines: MessageLine[], total: string): string {
  const items = lines.map(
    (l) => `${l.quantity} × ${l.name} — ${money(fromCents(toCents(l.unitPrice) * l.quantity))}`,
  );
  return [`Olá! Fiz o pedido ${code}:`, ...items, `Total: ${money(total)}`].join('\n');
}

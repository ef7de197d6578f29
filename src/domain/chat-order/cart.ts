/**
 * A chat's cart (issue 39), pure: the parser's operations applied to its items, held to the
 * storefront's caps (50 lines, 999 of an item) and to the stock on hand. What cannot be done
 * is said, never silently changed.
 */
import { formatBRL, fromCents } from '../money';
import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../order-items';
import type { ChatProduct } from './catalogue';
import type { CartOp } from './parse';

export type CartItem = {
  productId: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
};

export type CartProblem =
  | { kind: 'stock'; product: ChatProduct; available: number }
  | { kind: 'lines' }
  | { kind: 'quantity'; product: ChatProduct };

const brl = (cents: number) => formatBRL(fromCents(cents)).replace(/\u00A0/g, ' ');

export function applyOps(
  items: CartItem[],
  ops: CartOp[],
  products: Map<string, ChatProduct>,
): { items: CartItem[]; problems: CartProblem[]; lastProductId: string | null } {
  const next = items.map((i) => ({ ...i }));
  const problems: CartProblem[] = [];
  let last: string | null = items.at(-1)?.productId ?? null;
  const put = (product: ChatProduct, quantity: number) => {
    const line = next.find((i) => i.productId === product.id);
    if (quantity > MAX_LINE_QUANTITY) return problems.push({ kind: 'quantity', product });
    if (product.stock !== null && quantity > product.stock) {
      return problems.push({ kind: 'stock', product, available: Math.max(0, product.stock) });
    }
    if (line) line.quantity = quantity;
    else if (next.length >= MAX_ORDER_LINES) return problems.push({ kind: 'lines' });
    else
      next.push({
        productId: product.id,
        name: product.name,
        quantity,
        unitPriceCents: product.priceCents,
      });
    last = product.id;
  };
  for (const op of ops) {
    if (op.op === 'remove') {
      const at = next.findIndex((i) => i.productId === op.productId);
      if (at >= 0) next.splice(at, 1);
      continue;
    }
    const id = op.op === 'set-last' ? last : op.productId;
    const product = id ? products.get(id) : undefined;
    if (!product) continue;
    const had = next.find((i) => i.productId === product.id)?.quantity ?? 0;
    put(product, op.op === 'add' ? had + op.quantity : op.quantity);
  }
  return { items: next, problems, lastProductId: last };
}

export const itemsCents = (items: CartItem[]) =>
  items.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0);

/** '• 2 × Coxinha — R$ 12,00' */
export const itemLine = (i: CartItem) =>
  `• ${i.quantity} × ${i.name} — ${brl(i.unitPriceCents * i.quantity)}`;

export function problemText(p: CartProblem): string {
  if (p.kind === 'lines') return `Um pedido pelo chat tem no máximo ${MAX_ORDER_LINES} itens.`;
  if (p.kind === 'quantity')
    return `Para ${p.product.name}, o máximo é ${MAX_LINE_QUANTITY} por pedido.`;
  return p.available === 0
    ? `${p.product.name} está esgotado no momento.`
    : `Temos só ${p.available} de ${p.product.name} no momento.`;
}

export { brl as centsBRL };

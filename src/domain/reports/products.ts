/** The products section (issue 41): most sold by quantity and revenue, ran out, never sold. */
import { toCents } from '../money';
import type { ReportOrder, ReportProduct } from './input';
import { isCancelled, isDelivered } from './sales';

export type ProductSold = {
  productId: string;
  name: string;
  quantity: number;
  revenueCents: number;
};

export type ProductFigures = {
  /** Items of delivered orders placed in the period, most units first (ties: revenue, name). */
  byQuantity: ProductSold[];
  /** The same, most revenue first. */
  byRevenue: ProductSold[];
  /** Active products whose stock is 0 now (untracked stock is never "out"), in `products`' order. */
  ranOut: Array<{ id: string; name: string }>;
  /** Active products in no order of the period (cancelled orders not counted), in that order. */
  neverSold: Array<{ id: string; name: string }>;
};

const TOP = 10;
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'pt-BR');

/**
 * `periodOrders`: the orders placed in the period (sales.ts ordersIn); `products` in the order
 * the lists show them (the device reads them by name: sorting 50,000 names at every period
 * change would cost more than everything else here).
 */
export function productFigures(
  periodOrders: readonly ReportOrder[],
  products: readonly ReportProduct[],
): ProductFigures {
  const sold = new Map<string, ProductSold>();
  const ordered = new Set<string>();
  for (const o of periodOrders) {
    if (isCancelled(o)) continue;
    for (const item of o.items) {
      ordered.add(item.productId);
      if (!isDelivered(o)) continue;
      let s = sold.get(item.productId);
      if (!s) {
        s = { productId: item.productId, name: item.name, quantity: 0, revenueCents: 0 };
        sold.set(item.productId, s);
      }
      s.quantity += item.quantity;
      s.revenueCents += toCents(item.unitPrice) * item.quantity;
    }
  }
  const all = [...sold.values()];
  const byQuantity = [...all]
    .sort((a, b) => b.quantity - a.quantity || b.revenueCents - a.revenueCents || byName(a, b))
    .slice(0, TOP);
  const byRevenue = all
    .sort((a, b) => b.revenueCents - a.revenueCents || b.quantity - a.quantity || byName(a, b))
    .slice(0, TOP);
  const ranOut: ProductFigures['ranOut'] = [];
  const neverSold: ProductFigures['neverSold'] = [];
  for (const p of products) {
    if (!p.active) continue;
    if (p.stock === 0) ranOut.push({ id: p.id, name: p.name });
    if (!ordered.has(p.id)) neverSold.push({ id: p.id, name: p.name });
  }
  return { byQuantity, byRevenue, ranOut, neverSold };
}

/** The customers section (issue 41): new vs returning, who buys most, who stopped buying. */
import { toCents } from '../money';
import type { ReportCustomer, ReportOrder } from './input';
import type { Period } from './period';
import { isCancelled, isDelivered } from './sales';

export type TopBuyer = {
  key: string;
  name: string;
  phone: string;
  orders: number;
  revenueCents: number;
};
export type Lapsed = { id: string; name: string; phone: string; lastOrderAt: string };

export type CustomerFigures = {
  /** Customers with an order in the period whose first order ever (not cancelled) is in it. */
  newCustomers: number;
  /** Customers with an order in the period who had ordered before it. */
  returning: number;
  /** Most delivered revenue in the period first. */
  topBuyers: TopBuyer[];
  /** Registered customers whose last order (not cancelled) is 30 days or more before `asOf`. */
  lapsed: Lapsed[];
};

export const LAPSED_DAYS = 30;
const TOP = 10;

/** A customer's key: its id, or the phone of an order whose customer was deleted. */
const keyOf = (o: ReportOrder) => o.customerId ?? `tel:${o.customerPhone}`;

/**
 * `orders`: every order the store has (first orders may be older than the period); `asOf`:
 * the instant "30 days without buying" is measured from (the period's end, or now if sooner).
 */
export function customerFigures(
  orders: readonly ReportOrder[],
  customers: readonly ReportCustomer[],
  p: Period,
  asOf: number,
): CustomerFigures {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const top = new Map<string, TopBuyer>();
  const inPeriod = new Set<string>();
  for (const o of orders) {
    if (isCancelled(o)) continue;
    const key = keyOf(o);
    const t = Date.parse(o.createdAt);
    if (t < (first.get(key) ?? Number.POSITIVE_INFINITY)) first.set(key, t);
    if (t < asOf && t > (last.get(key) ?? Number.NEGATIVE_INFINITY)) last.set(key, t);
    if (t < p.start || t >= p.end) continue;
    inPeriod.add(key);
    if (!isDelivered(o)) continue;
    let b = top.get(key);
    if (!b) {
      b = { key, name: o.customerName, phone: o.customerPhone, orders: 0, revenueCents: 0 };
      top.set(key, b);
    }
    b.orders++;
    b.revenueCents += toCents(o.total);
  }
  let newCustomers = 0;
  for (const key of inPeriod) if ((first.get(key) ?? 0) >= p.start) newCustomers++;
  const limit = asOf - LAPSED_DAYS * 86_400_000;
  const found: Array<{ c: ReportCustomer; t: number }> = [];
  for (const c of customers) {
    const t = last.get(c.id);
    if (t !== undefined && t <= limit) found.push({ c, t });
  }
  found.sort((x, y) => x.t - y.t);
  const lapsed: Lapsed[] = found.map(({ c, t }) => ({
    id: c.id,
    name: c.name,
    phone: c.phone,
    lastOrderAt: new Date(t).toISOString(),
  }));
  const topBuyers = [...top.values()]
    .sort((a, b) => b.revenueCents - a.revenueCents || b.orders - a.orders)
    .slice(0, TOP);
  return { newCustomers, returning: inPeriod.size - newCustomers, topBuyers, lapsed };
}

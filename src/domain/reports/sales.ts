/** The sales section of the reports (issue 41): revenue, orders, ticket, fees, by day, paid. */
import { toCents } from '../money';
import type { ReportOrder } from './input';
import { clockOf } from './input';
import { daysOf, type Period } from './period';

export type SalesDay = { day: string; revenueCents: number; orders: number };

export type SalesFigures = {
  /** Sum of the totals of the orders placed in the period and delivered (not cancelled). */
  revenueCents: number;
  /** Delivered orders placed in the period. */
  orders: number;
  /** revenue ÷ orders, rounded to the cent (0 without orders). */
  averageTicketCents: number;
  /** Delivery fees of those delivered orders. */
  feesCents: number;
  /** Orders placed in the period and cancelled (shown apart, never in the revenue). */
  cancelled: number;
  /** Every day of the period, delivered revenue and orders placed that day. */
  byDay: SalesDay[];
  /** Orders placed in the period and not cancelled, by payment: paid and still to be paid. */
  paidCents: number;
  toBePaidCents: number;
};

export const isDelivered = (o: Pick<ReportOrder, 'status'>) => o.status === 'entregue';
export const isCancelled = (o: Pick<ReportOrder, 'status'>) => o.status === 'cancelado';

/** The orders placed within [start, end). */
export function ordersIn(orders: readonly ReportOrder[], p: Period): ReportOrder[] {
  const out: ReportOrder[] = [];
  for (const o of orders) {
    const t = Date.parse(o.createdAt);
    if (t >= p.start && t < p.end) out.push(o);
  }
  return out;
}

export function salesFigures(
  orders: readonly ReportOrder[],
  p: Period,
  timeZone: string,
): SalesFigures {
  const clock = clockOf(timeZone);
  const byDay = new Map(daysOf(p).map((day) => [day, { day, revenueCents: 0, orders: 0 }]));
  let revenueCents = 0;
  let count = 0;
  let feesCents = 0;
  let cancelled = 0;
  let paidCents = 0;
  let toBePaidCents = 0;
  for (const o of ordersIn(orders, p)) {
    if (isCancelled(o)) {
      cancelled++;
      continue;
    }
    const total = toCents(o.total);
    if ((o.paymentStatus ?? 'pendente') === 'pago') paidCents += total;
    else toBePaidCents += total;
    if (!isDelivered(o)) continue;
    revenueCents += total;
    count++;
    feesCents += toCents(o.deliveryFee ?? '0.00');
    const day = byDay.get(clock(Date.parse(o.createdAt)).day);
    if (day) {
      day.revenueCents += total;
      day.orders++;
    }
  }
  return {
    revenueCents,
    orders: count,
    averageTicketCents: count === 0 ? 0 : Math.round(revenueCents / count),
    feesCents,
    cancelled,
    byDay: [...byDay.values()],
    paidCents,
    toBePaidCents,
  };
}

/** A figure against the period before: the change in percent (null when before was 0). */
export function change(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** Orders sorted by when they were placed, with those instants: a period is a slice of it. */
export type PlacedIndex = { orders: ReportOrder[]; times: Float64Array };

export function placedIndex(orders: readonly ReportOrder[]): PlacedIndex {
  const withTime = orders.map((o) => ({ o, t: Date.parse(o.createdAt) }));
  withTime.sort((a, b) => a.t - b.t);
  return { orders: withTime.map((x) => x.o), times: Float64Array.from(withTime, (x) => x.t) };
}

/** The first position whose instant is ≥ t. */
function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The orders placed in [from, to), without reading the others. */
export function placedBetween(index: PlacedIndex, from: number, to: number): ReportOrder[] {
  return index.orders.slice(lowerBound(index.times, from), lowerBound(index.times, to));
}

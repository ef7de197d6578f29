/** A whole report (issue 41): every section for a period, and the sales of the period before. */
import { type CampaignFigures, campaignFigures } from './campaigns';
import { type CustomerFigures, customerFigures } from './customers';
import { clockOf, type ReportInput, type ReportOrder } from './input';
import type { Period } from './period';
import { previousPeriod } from './period';
import { type ProductFigures, productFigures } from './products';
import { isCancelled, ordersIn, type SalesFigures, salesFigures } from './sales';

/** Orders placed (not cancelled) by weekday (0 = Sunday) × hour on the store's clock. */
export type HeatMap = number[][];

export function heatMap(periodOrders: readonly ReportOrder[], timeZone: string): HeatMap {
  const clock = clockOf(timeZone);
  const grid = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const o of periodOrders) {
    if (isCancelled(o)) continue;
    const c = clock(Date.parse(o.createdAt));
    const row = grid[c.weekday];
    if (row) row[c.hour] = (row[c.hour] ?? 0) + 1;
  }
  return grid;
}

export type Report = {
  period: Period;
  previous: Period;
  sales: SalesFigures;
  previousSales: SalesFigures;
  products: ProductFigures;
  customers: CustomerFigures;
  campaigns: CampaignFigures[];
  heatMap: HeatMap;
};

/** The sections the server answers too (GET /api/relatorios), to the cent the same. */
export type ServerReport = Pick<
  Report,
  'period' | 'previous' | 'sales' | 'previousSales' | 'campaigns'
>;

export function salesAndCampaigns(
  input: Pick<ReportInput, 'orders' | 'campaigns'>,
  period: Period,
  timeZone: string,
): ServerReport {
  const previous = previousPeriod(period, timeZone);
  return {
    period,
    previous,
    sales: salesFigures(input.orders, period, timeZone),
    previousSales: salesFigures(input.orders, previous, timeZone),
    campaigns: campaignFigures(input.campaigns, input.orders, period),
  };
}

export function computeReport(
  input: ReportInput,
  period: Period,
  timeZone: string,
  now: number,
): Report {
  const inPeriod = ordersIn(input.orders, period);
  return {
    ...salesAndCampaigns(input, period, timeZone),
    products: productFigures(inPeriod, input.products),
    customers: customerFigures(input.orders, input.customers, period, Math.min(now, period.end)),
    heatMap: heatMap(inPeriod, timeZone),
  };
}

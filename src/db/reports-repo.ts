/**
 * The reports' data on the device (issue 41): orders, products and customers as the reports read
 * them (src/domain/reports), deferred pull pages included; and the server's campaign facts (cost,
 * receipts), which only the server knows, kept from the last answer for offline use (the
 * campaigns' orders and revenue are counted from the device's orders).
 */

import type { LocalOrder } from '~/domain/order';
import type {
  ReportCampaign,
  ReportCustomer,
  ReportOrder,
  ReportProduct,
} from '~/domain/reports/input';
import type { ServerReport } from '~/domain/reports/report';
import { reportCustomerOf, reportOrderOf, reportProductOf } from '~/domain/reports/rows';
import { customerEntity, orderEntity, productEntity } from '~/domain/sync/registry';
import type { LocalCustomer, LocalProduct, TaliDb } from './db';
import { hasDeferred, readMerged } from './deferred-pages';

export type { TaliDb } from './db';

/** Every order on the device, the first chart's data (read first: it is the smallest). */
export async function readReportOrders(db: TaliDb): Promise<ReportOrder[]> {
  const rows = (await readMerged<LocalOrder>(db, orderEntity)) ?? (await db.orders.toArray());
  return rows.map(reportOrderOf);
}

/**
 * The orders placed in [from, to) (epoch ms), through the `createdAt` index: a week and the week
 * before are a tenth of a store's 10,000 orders, whose whole read takes a mid phone a second.
 * While pull pages wait to be written, every order is read and filtered.
 */
export async function readReportOrdersPlaced(
  db: TaliDb,
  from: number,
  to: number,
): Promise<ReportOrder[]> {
  const inRange = (o: ReportOrder) => {
    const t = Date.parse(o.createdAt);
    return t >= from && t < to;
  };
  if (await hasDeferred(db, orderEntity.table)) return (await readReportOrders(db)).filter(inRange);
  // A second of margin each side (stamps written with or without milliseconds), then exact.
  const rows = await db.orders
    .where('createdAt')
    .between(new Date(from - 1000).toISOString(), new Date(to + 1000).toISOString())
    .toArray();
  return rows.map(reportOrderOf).filter(inRange);
}

/** Products (by name) and customers, for the sections below the sales. */
export async function readReportCatalogue(
  db: TaliDb,
): Promise<{ products: ReportProduct[]; customers: ReportCustomer[] }> {
  const [products, customers] = await Promise.all([
    readMerged<LocalProduct>(db, productEntity).then((m) => m ?? db.products.toArray()),
    readMerged<LocalCustomer>(db, customerEntity).then((m) => m ?? db.customers.toArray()),
  ]);
  // By name (the search key: folded, so a plain comparison), once per read: the lists of the
  // products section keep this order at every period change.
  products.sort((a, b) => (a.searchKey < b.searchKey ? -1 : a.searchKey > b.searchKey ? 1 : 0));
  return { products: products.map(reportProductOf), customers: customers.map(reportCustomerOf) };
}

const SERVER_KEY = 'reports_server';
/** The last server answers kept, one per period (the presets and a custom one or two). */
const KEPT = 8;

/** `campaignFacts` is absent from answers kept before it existed (the server's figures stand). */
export type CachedServerReport = {
  report: ServerReport & { campaignFacts?: ReportCampaign[] };
  timeZone: string;
  savedAt: number;
};
type Kept = Record<string, CachedServerReport>;

const keyOf = (de: string, ate: string) => `${de}_${ate}`;

export async function readServerReport(
  db: TaliDb,
  de: string,
  ate: string,
): Promise<CachedServerReport | null> {
  const kept = (await db.meta.get(SERVER_KEY))?.value as Kept | undefined;
  return kept?.[keyOf(de, ate)] ?? null;
}

/** The store's time zone as the server last said (null before the first answer). */
export async function readReportTimeZone(db: TaliDb): Promise<string | null> {
  const kept = (await db.meta.get(SERVER_KEY))?.value as Kept | undefined;
  const newest = Object.values(kept ?? {}).sort((a, b) => b.savedAt - a.savedAt)[0];
  return newest?.timeZone ?? null;
}

export async function saveServerReport(db: TaliDb, cached: CachedServerReport): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const kept = ((await db.meta.get(SERVER_KEY))?.value as Kept | undefined) ?? {};
    kept[keyOf(cached.report.period.de, cached.report.period.ate)] = cached;
    const newest = Object.entries(kept)
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .slice(0, KEPT);
    await db.meta.put({ key: SERVER_KEY, value: Object.fromEntries(newest) });
  });
}

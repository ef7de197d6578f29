/**
 * The report of a period, computed on the device (issue 41) from the synced orders, products and
 * customers, offline too. The campaigns section too: its orders and revenue from the device's
 * orders (each carries the campaign it came through); what only the server knows (what was
 * paid, the receipts) comes from GET /api/relatorios, kept on the device for offline.
 */
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useDeviceStore } from '~/db/device-store-context';
import {
  readReportCatalogue,
  readReportOrders,
  readReportOrdersPlaced,
  readReportTimeZone,
  readServerReport,
  saveServerReport,
} from '~/db/reports-repo';
import { useTableSnapshot } from '~/db/use-table-snapshot';
import { type CampaignFigures, campaignFigures } from '~/domain/reports/campaigns';
import { type CustomerFigures, customerFigures } from '~/domain/reports/customers';
import type { ReportCampaign, ReportOrder } from '~/domain/reports/input';
import type { Period } from '~/domain/reports/period';
import { periodOfDays, previousPeriod } from '~/domain/reports/period';
import { type ProductFigures, productFigures } from '~/domain/reports/products';
import { type HeatMap, heatMap } from '~/domain/reports/report';
import {
  ordersIn,
  placedBetween,
  placedIndex,
  type SalesFigures,
  salesFigures,
} from '~/domain/reports/sales';
import { useOnline } from '~/lib/use-online';
import { fetchServerReport } from './api';

/** The store's zone until the server has said otherwise (the spec's stores are in Brazil). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

export type CampaignsState =
  | { kind: 'loading' }
  | { kind: 'ready'; campaigns: CampaignFigures[]; savedAt: number; fresh: boolean }
  | { kind: 'offline' };

export type DeviceReport = {
  period: Period;
  previous: Period;
  timeZone: string;
  /** Undefined until the orders are read (the first chart waits for these only). */
  sales?: { now: SalesFigures; before: SalesFigures; heatMap: HeatMap };
  /** Undefined until products and customers are read too. */
  products?: ProductFigures;
  customers?: CustomerFigures;
  campaigns: CampaignsState;
};

function useTimeZone(): string {
  const { db } = useDeviceStore();
  const [zone, setZone] = useState(DEFAULT_TIME_ZONE);
  useEffect(() => {
    let live = true;
    void readReportTimeZone(db).then((z) => {
      if (live && z) setZone(z);
    });
    return () => {
      live = false;
    };
  }, [db]);
  return zone;
}

/** The server's answer for the period: its figures, and the campaigns' facts when it has them. */
type ServerCampaigns =
  | Exclude<CampaignsState, { kind: 'ready' }>
  | (Extract<CampaignsState, { kind: 'ready' }> & { facts: ReportCampaign[] | null });

function useServerCampaigns(de: string, ate: string, online: boolean): ServerCampaigns {
  const { db } = useDeviceStore();
  const [state, setState] = useState<ServerCampaigns>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    const fromCache = async () => {
      const kept = await readServerReport(db, de, ate);
      if (!live) return;
      setState(
        kept
          ? {
              kind: 'ready',
              campaigns: kept.report.campaigns,
              facts: kept.report.campaignFacts ?? null,
              savedAt: kept.savedAt,
              fresh: false,
            }
          : { kind: 'offline' },
      );
    };
    void (async () => {
      if (!online) return fromCache();
      try {
        const answer = await fetchServerReport(de, ate);
        const savedAt = Date.now();
        await saveServerReport(db, { report: answer, timeZone: answer.timeZone, savedAt });
        if (live) {
          const facts = answer.campaignFacts ?? null;
          setState({ kind: 'ready', campaigns: answer.campaigns, facts, savedAt, fresh: true });
        }
      } catch {
        await fromCache();
      }
    })();
    return () => {
      live = false;
    };
  }, [db, de, ate, online]);
  return state;
}

/** A promise resolved from outside (the catalogue's read waits for the first chart). */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export function useReport(de: string, ate: string, now: number): DeviceReport {
  const timeZone = useTimeZone();
  const online = useOnline();
  const { db } = useDeviceStore();
  const server = useServerCampaigns(de, ate, online);
  const period = useMemo(() => periodOfDays(de, ate, timeZone), [de, ate, timeZone]);
  const previous = useMemo(() => previousPeriod(period, timeZone), [period, timeZone]);
  // Every order, 70,000 products and customers take a mid phone seconds to get from IndexedDB:
  // they are read once the sales chart is on screen (from the period's orders alone), not before.
  const [afterFirstChart] = useState(gate);
  const all = useTableSnapshot('orders', async (d) => {
    await afterFirstChart.promise;
    return readReportOrders(d);
  });
  const catalogue = useTableSnapshot(['products', 'customers'], async (d) => {
    await afterFirstChart.promise;
    return readReportCatalogue(d);
  });
  const [range, setRange] = useState<{ from: number; to: number; orders: ReportOrder[] }>();
  useEffect(() => {
    if (all) return;
    let live = true;
    void readReportOrdersPlaced(db, previous.start, period.end).then((found) => {
      if (live) setRange({ from: previous.start, to: period.end, orders: found });
    });
    return () => {
      live = false;
    };
  }, [db, all, previous.start, period.end]);
  const covered = range && range.from <= previous.start && range.to >= period.end;
  const orders = all ?? (covered ? range.orders : undefined);
  useEffect(() => {
    if (!orders) return;
    // After the frame that shows the chart.
    const frame = requestAnimationFrame(() => setTimeout(afterFirstChart.open, 0));
    return () => cancelAnimationFrame(frame);
  }, [orders, afterFirstChart]);
  // Sorted once per read: a period change then reads only its own orders and the period before.
  const index = useMemo(() => (orders ? placedIndex(orders) : undefined), [orders]);
  const sales = useMemo(() => {
    if (!index) return undefined;
    const both = placedBetween(index, previous.start, period.end);
    return {
      now: salesFigures(both, period, timeZone),
      before: salesFigures(both, previous, timeZone),
      heatMap: heatMap(ordersIn(both, period), timeZone),
    };
  }, [index, period, previous, timeZone]);
  // The sections below follow a period change in renders of their own, after the chart's: the
  // products in one, the customers (every order against every customer) in the next, so a
  // change is never one long task of all three.
  const later = useDeferredValue(period);
  const laterStill = useDeferredValue(later);
  const products = useMemo(
    () => (all && catalogue ? productFigures(ordersIn(all, later), catalogue.products) : undefined),
    [all, catalogue, later],
  );
  // Customers need every order (their first and last ones may be outside the period).
  const customers = useMemo(
    () =>
      all && catalogue
        ? customerFigures(all, catalogue.customers, laterStill, Math.min(now, laterStill.end))
        : undefined,
    [all, catalogue, laterStill, now],
  );
  // Each campaign's orders and revenue from the device's orders (a campaign's orders may come
  // after the period: all of them), its cost and receipts as the server last said.
  const campaigns = useMemo((): CampaignsState => {
    if (server.kind !== 'ready') return server;
    const { facts, ...shown } = server;
    if (!facts || !all) return shown;
    return { ...shown, campaigns: campaignFigures(facts, all, period) };
  }, [server, all, period]);
  return { period, previous, timeZone, sales, products, customers, campaigns };
}

/**
 * What the reports read (issue 41), the same on the device (from Dexie rows) and on the server
 * (from its tables): plain rows, money as decimal strings, instants as ISO strings.
 */
import { zonedParts } from '../zoned-time';

export type ReportItem = { productId: string; name: string; unitPrice: string; quantity: number };

export type ReportOrder = {
  id: string;
  status: string;
  /** ISO instant the order was placed: it is counted in the period it was placed in. */
  createdAt: string;
  /** The order's total as stored (its items, plus what the store adds). */
  total: string;
  /** The delivery fee ('0.00' when none, and on orders from before fees existed). */
  deliveryFee?: string;
  /** 'pago' once the owner marks it paid; 'pendente' otherwise (and before the field existed). */
  paymentStatus?: 'pendente' | 'pago';
  customerId: string | null;
  customerName: string;
  customerPhone: string;
  /** The campaign whose link brought the order (null: none, or unknown on the device). */
  campaignId?: string | null;
  items: readonly ReportItem[];
};

export type ReportProduct = { id: string; name: string; active: boolean; stock: number | null };

export type ReportCustomer = { id: string; name: string; phone: string };

/** A campaign as the reports need it: what was paid and what WhatsApp said of its messages. */
export type ReportCampaign = {
  id: string;
  titulo: string;
  /** ISO: when sending began (recipients fixed); a campaign is in the period it began in. */
  startedAt: string | null;
  /** What the store paid for it, refunds deducted. */
  costCents: number;
  /** Messages that left; of them, delivered (read included) and read. */
  sent: number;
  delivered: number;
  read: number;
};

export type ReportInput = {
  orders: readonly ReportOrder[];
  products: readonly ReportProduct[];
  customers: readonly ReportCustomer[];
  campaigns: readonly ReportCampaign[];
};

/** The store's wall clock of an instant: its day, weekday (0 = Sunday) and hour. */
export type LocalClock = { day: string; weekday: number; hour: number };

const QUARTER = 15 * 60_000;

/**
 * The store's clock of many instants, fast: zones change offset only on a quarter hour, so each
 * quarter hour is asked of Intl once (10,000 orders over a month ask ~3,000 times, not 10,000).
 */
export function clockOf(timeZone: string): (instant: number) => LocalClock {
  const cache = new Map<number, LocalClock>();
  return (instant) => {
    const q = Math.floor(instant / QUARTER);
    let c = cache.get(q);
    if (!c) {
      const p = zonedParts(new Date(q * QUARTER), timeZone);
      const pad = (n: number) => String(n).padStart(2, '0');
      c = {
        day: `${p.year}-${pad(p.month)}-${pad(p.day)}`,
        weekday: new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay(),
        hour: p.hour,
      };
      cache.set(q, c);
    }
    return c;
  };
}

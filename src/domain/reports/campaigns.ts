/** The campaigns section (issue 41): what each campaign of the period cost and brought back. */
import { toCents } from '../money';
import type { ReportCampaign, ReportOrder } from './input';
import type { Period } from './period';
import { isCancelled } from './sales';

export type CampaignFigures = {
  id: string;
  titulo: string;
  startedAt: string;
  costCents: number;
  /** Orders placed through its link (not cancelled), whenever placed, and their totals. */
  orders: number;
  revenueCents: number;
  /** revenue ÷ cost (2 decimals); null when nothing was paid. */
  return: number | null;
  /** Percent of the messages sent that WhatsApp delivered, and that were read (1 decimal). */
  deliveredRate: number | null;
  readRate: number | null;
};

const pct = (n: number, of: number) => (of === 0 ? null : Math.round((n / of) * 1000) / 10);

/** The campaigns that began in the period, most recent first. */
export function campaignFigures(
  campaigns: readonly ReportCampaign[],
  orders: readonly ReportOrder[],
  p: Period,
): CampaignFigures[] {
  const brought = new Map<string, { orders: number; revenueCents: number }>();
  for (const o of orders) {
    if (!o.campaignId || isCancelled(o)) continue;
    const b = brought.get(o.campaignId) ?? { orders: 0, revenueCents: 0 };
    b.orders++;
    b.revenueCents += toCents(o.total);
    brought.set(o.campaignId, b);
  }
  const out: CampaignFigures[] = [];
  for (const c of campaigns) {
    if (!c.startedAt) continue;
    const t = Date.parse(c.startedAt);
    if (t < p.start || t >= p.end) continue;
    const b = brought.get(c.id) ?? { orders: 0, revenueCents: 0 };
    out.push({
      id: c.id,
      titulo: c.titulo,
      startedAt: c.startedAt,
      costCents: c.costCents,
      orders: b.orders,
      revenueCents: b.revenueCents,
      return: c.costCents === 0 ? null : Math.round((b.revenueCents / c.costCents) * 100) / 100,
      deliveredRate: pct(c.delivered, c.sent),
      readRate: pct(c.read, c.sent),
    });
  }
  return out.sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

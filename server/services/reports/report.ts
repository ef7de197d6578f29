/**
 * GET /api/relatorios (issue 41): the sales and campaign sections of a period, computed by the
 * same functions as the device (src/domain/reports) on the caller's store's rows, so both agree
 * to the cent. Campaigns add what only the server knows: what was paid, and the receipts.
 */
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { ReportCampaign, ReportOrder } from '../../../src/domain/reports/input';
import { type Period, periodOfDays, previousPeriod } from '../../../src/domain/reports/period';
import { type ServerReport, salesAndCampaigns } from '../../../src/domain/reports/report';
import { reportOrderOf } from '../../../src/domain/reports/rows';
import { safeTimeZone } from '../../../src/domain/zoned-time';
import type { Db } from '../../db/client';
import { campaigns, orders, payments, stores } from '../../db/schema';
import { recipientsReport } from '../campaigns/recipient-status';

/**
 * `campaignFacts`: what only the server knows of the period's campaigns (cost, receipts), from
 * which the device computes the campaigns section with its own orders (issue 41).
 */
export type ReportAnswer = ServerReport & { timeZone: string; campaignFacts: ReportCampaign[] };

type OrderRow = typeof orders.$inferSelect;

/** A stored order as the reports read it (items are not needed by these two sections). */
function toReportOrder(row: OrderRow): ReportOrder {
  // Every column of the table (select()): the fee and payment status once they exist.
  return reportOrderOf({ ...row, createdAt: row.createdAt.toISOString(), items: [] });
}

async function readOrders(
  db: Db,
  storeId: string,
  from: Period,
  to: Period,
  campaignIds: string[],
) {
  const live = and(eq(orders.storeId, storeId), isNull(orders.deletedAt));
  const inRange = await db
    .select()
    .from(orders)
    .where(
      and(
        live,
        gte(orders.createdAt, new Date(from.start)),
        lt(orders.createdAt, new Date(to.end)),
      ),
    );
  // A campaign's orders may come after the period (its link works for 7 days).
  const attributed = campaignIds.length
    ? await db
        .select()
        .from(orders)
        .where(and(live, inArray(orders.campaignId, campaignIds)))
    : [];
  const byId = new Map([...inRange, ...attributed].map((row) => [row.id, row]));
  return [...byId.values()].map(toReportOrder);
}

/** The campaigns begun in the period, with what was paid (refunds deducted) and the receipts. */
async function readCampaigns(db: Db, storeId: string, p: Period): Promise<ReportCampaign[]> {
  const rows = await db
    .select({
      id: campaigns.id,
      titulo: campaigns.titulo,
      startedAt: campaigns.startedAt,
      recipientCount: campaigns.recipientCount,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.storeId, storeId),
        gte(campaigns.startedAt, new Date(p.start)),
        lt(campaigns.startedAt, new Date(p.end)),
      ),
    );
  if (rows.length === 0) return [];
  const paid = await db
    .select({
      campaignId: payments.campaignId,
      cents: sql<string>`coalesce(sum(round(coalesce(${payments.paidAmount}, ${payments.valor}) * 100)
        - round(coalesce(case when ${payments.refundStatus} = 'DEVOLVIDO'
          then ${payments.refundAmount} end, 0) * 100)), 0)`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.storeId, storeId),
        eq(payments.status, 'pago'),
        inArray(
          payments.campaignId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .groupBy(payments.campaignId);
  const cost = new Map(paid.map((r) => [r.campaignId, Number(r.cents)]));
  const out: ReportCampaign[] = [];
  for (const row of rows) {
    const { counts } = await recipientsReport(db, row.id, row.recipientCount ?? 0);
    out.push({
      id: row.id,
      titulo: row.titulo,
      startedAt: row.startedAt?.toISOString() ?? null,
      costCents: cost.get(row.id) ?? 0,
      sent: counts.sent + counts.delivered + counts.read,
      delivered: counts.delivered + counts.read,
      read: counts.read,
    });
  }
  return out;
}

/** The report of days `de`..`ate` (already checked) for the caller's store. */
export async function salesReport(
  db: Db,
  storeId: string,
  de: string,
  ate: string,
): Promise<ReportAnswer> {
  const [store] = await db
    .select({ timezone: stores.timezone })
    .from(stores)
    .where(eq(stores.id, storeId));
  const timeZone = safeTimeZone(store?.timezone ?? 'America/Sao_Paulo');
  const period = periodOfDays(de, ate, timeZone);
  const previous = previousPeriod(period, timeZone);
  const campaignRows = await readCampaigns(db, storeId, period);
  const orderRows = await readOrders(
    db,
    storeId,
    previous,
    period,
    campaignRows.map((c) => c.id),
  );
  return {
    ...salesAndCampaigns({ orders: orderRows, campaigns: campaignRows }, period, timeZone),
    campaignFacts: campaignRows,
    timeZone,
  };
}

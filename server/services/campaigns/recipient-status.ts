/**
 * A recipient's status as the report shows it: the row's own state (decision 010) refined by
 * WhatsApp's receipts for sent messages (decision 022): enviado → entregue → lido, or not
 * delivered (ERROR) when no delivery was ever seen.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { RecipientStatus } from '../../../src/domain/recipient-status';
import type { Db } from '../../db/client';
import { campaignReceiptTotals, campaignRecipients, whatsappReceipts } from '../../db/schema';

export type { RecipientStatus };

/** Shown for a message WhatsApp answered with ERROR and never delivered. */
export const NOT_DELIVERED_REASON = 'O WhatsApp não entregou a mensagem';

type Row = {
  status: string;
  settledAt: Date | null;
  lastError: string | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  failedAt: Date | null;
};

/** The shown status, when it happened and why (for failed, skipped and unconfirmed). */
export function shownStatus(r: Row): {
  status: RecipientStatus;
  at: Date | null;
  error: string | null;
} {
  if (r.status === 'sending' || r.status === 'pending') {
    // A claimed message in flight is still "pending" to the owner.
    return { status: 'pending', at: r.settledAt, error: null };
  }
  if (r.status === 'sent') {
    if (r.readAt) return { status: 'read', at: r.readAt, error: null };
    if (r.deliveredAt) return { status: 'delivered', at: r.deliveredAt, error: null };
    if (r.failedAt) return { status: 'failed', at: r.failedAt, error: NOT_DELIVERED_REASON };
    return { status: 'sent', at: r.settledAt, error: null };
  }
  const status = r.status as RecipientStatus;
  return { status, at: r.settledAt, error: r.lastError };
}

export type ReportCounts = Record<RecipientStatus, number> & { total: number };

/** Percent of `total` (recipients less the skipped ones), whole numbers. */
export type ReportRates = { sent: number; delivered: number; read: number; failed: number };

/**
 * Rates count each message at its furthest point: 'delivered' includes the read ones and 'sent'
 * everything that left (sent, delivered, read), so the three never decrease left to right.
 */
export function reportRates(c: ReportCounts): ReportRates {
  const pct = (n: number) => (c.total > 0 ? Math.round((n * 100) / c.total) : 0);
  return {
    sent: pct(c.sent + c.delivered + c.read),
    delivered: pct(c.delivered + c.read),
    read: pct(c.read),
    failed: pct(c.failed),
  };
}

/** Every recipient of a campaign with its shown status, and the counts. */
export async function recipientsReport(db: Db, campaignId: string, plannedCount: number) {
  const list = await db
    .select({
      customerId: campaignRecipients.customerId,
      name: campaignRecipients.name,
      phone: campaignRecipients.phone,
      status: campaignRecipients.status,
      settledAt: campaignRecipients.settledAt,
      lastError: campaignRecipients.lastError,
      deliveredAt: whatsappReceipts.deliveredAt,
      readAt: whatsappReceipts.readAt,
      failedAt: whatsappReceipts.failedAt,
    })
    .from(campaignRecipients)
    // The receipt of this store's message only: ids are matched within the store.
    .leftJoin(
      whatsappReceipts,
      sql`${whatsappReceipts.storeId} = ${campaignRecipients.storeId}
        and ${whatsappReceipts.messageId} = ${campaignRecipients.gatewayMessageId}`,
    )
    .where(eq(campaignRecipients.campaignId, campaignId))
    .orderBy(asc(campaignRecipients.name), asc(campaignRecipients.id));
  const counts: ReportCounts = {
    total: 0,
    pending: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    unconfirmed: 0,
    failed: 0,
    skipped: 0,
  };
  const recipients = list.map((r) => {
    const shown = shownStatus(r);
    counts[shown.status]++;
    return {
      customerId: r.customerId,
      name: r.name,
      phone: r.phone,
      status: shown.status,
      at: shown.at ? shown.at.toISOString() : null,
      error: shown.error,
    };
  });
  counts.total = list.length === 0 ? plannedCount : list.length - counts.skipped;
  // Receipts past their retention live on as counts only (maintenance/receipts-retention.ts):
  // those messages read 'sent' one by one, and are counted where their receipts had them.
  const [kept] = await db
    .select()
    .from(campaignReceiptTotals)
    .where(eq(campaignReceiptTotals.campaignId, campaignId));
  if (kept) {
    counts.sent -= kept.delivered + kept.read + kept.failed;
    counts.delivered += kept.delivered;
    counts.read += kept.read;
    counts.failed += kept.failed;
  }
  return { counts, rates: reportRates(counts), recipients };
}

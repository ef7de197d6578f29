/**
 * Notifications posted by the PSP (`{ pix: [...] }`, possibly batched or repeated). The body is
 * only a hint: each txid is confirmed with the PSP's GET /cob/{txid} (see confirm.ts).
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { payments, pixUnmatchedNotifications } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';
import { confirmPayment, recordUnmatched } from './confirm';

/** A notification asks the PSP about one charge at most this often (the re-check covers the rest). */
export const NOTIFY_RECHECK_MS = 5_000;
/**
 * Unknown txids kept per hour at most: a PSP sends almost none (a Pix without our txid has none);
 * beyond this a flood is only logged. Kept for UNMATCHED_RETENTION_DAYS (nightly clean-up).
 */
export const UNMATCHED_PER_HOUR = 100;

/** A batch larger than this is cut (a PSP groups a handful; a flood is not a PSP). */
const MAX_ITEMS = 500;

type Item = { txid?: string; e2eid?: string; valor?: string; horario?: string };

function readItems(body: unknown): Item[] {
  const list = (body as { pix?: unknown } | null)?.pix;
  if (!Array.isArray(list)) return [];
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return list.slice(0, MAX_ITEMS).map((raw) => {
    const item = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    return {
      txid: text(item.txid),
      e2eid: text(item.endToEndId),
      valor: text(item.valor),
      horario: text(item.horario),
    };
  });
}

export type WebhookOutcome = {
  received: number;
  confirmed: number;
  unknown: number;
  failed: number;
  /** Known charges asked about less than NOTIFY_RECHECK_MS ago: left to the re-check. */
  deferred: number;
  /** Unknown txids not stored: the hourly budget was spent. */
  dropped: number;
};

/** How many more unknown txids may be stored this hour. */
async function unmatchedBudgetLeft(deps: Services): Promise<number> {
  const since = new Date(deps.now().getTime() - 60 * 60_000);
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(pixUnmatchedNotifications)
    .where(
      and(
        eq(pixUnmatchedNotifications.reason, 'txid_desconhecido'),
        gt(pixUnmatchedNotifications.createdAt, since),
      ),
    );
  return Math.max(0, UNMATCHED_PER_HOUR - Number(row?.n ?? 0));
}

/** Takes this charge's turn to be asked to the PSP (at most once per NOTIFY_RECHECK_MS, atomically). */
async function claimCheck(deps: Services, id: string): Promise<boolean> {
  const now = deps.now();
  const [row] = await deps.db
    .update(payments)
    .set({ checkedAt: now })
    .where(
      and(
        eq(payments.id, id),
        or(
          isNull(payments.checkedAt),
          lte(payments.checkedAt, new Date(now.getTime() - NOTIFY_RECHECK_MS)),
        ),
      ),
    )
    .returning({ id: payments.id });
  return Boolean(row);
}

export async function handlePixNotification(
  deps: Services,
  body: unknown,
): Promise<WebhookOutcome> {
  const items = readItems(body);
  const outcome: WebhookOutcome = {
    received: items.length,
    confirmed: 0,
    unknown: 0,
    failed: 0,
    deferred: 0,
    dropped: 0,
  };
  let budget: number | null = null;
  const seen = new Set<string>();
  for (const item of items) {
    // A Pix without a txid was not paid through a charge: not ours to match.
    if (!item.txid || !/^[a-zA-Z0-9]{1,35}$/.test(item.txid) || seen.has(item.txid)) continue;
    seen.add(item.txid);
    const [row] = await deps.db.select().from(payments).where(eq(payments.txid, item.txid));
    if (!row) {
      outcome.unknown++;
      budget ??= await unmatchedBudgetLeft(deps);
      if (budget > 0) {
        budget--;
        await recordUnmatched(deps, 'txid_desconhecido', item);
      } else outcome.dropped++;
      continue;
    }
    // Settled already and nothing pending on it: a repeated notification costs no PSP call.
    if (row.status === 'pago' && row.paidHandledAt) continue;
    if (row.status === 'devolvido' && row.refundStatus !== 'EM_PROCESSAMENTO') continue;
    if (!(await claimCheck(deps, row.id))) {
      outcome.deferred++;
      continue;
    }
    try {
      const after = await confirmPayment(deps, row);
      if (after.status === 'pago' && row.status !== 'pago') outcome.confirmed++;
    } catch (error) {
      outcome.failed++;
      logger.warn('pix notification not confirmed', { txid: row.txid, error: errorSummary(error) });
    }
  }
  if (outcome.dropped > 0) {
    logger.warn('pix unknown notifications not stored: hourly budget spent', {
      dropped: outcome.dropped,
    });
  }
  return outcome;
}

/**
 * Notifications posted by the PSP (`{ pix: [...] }`, possibly batched or repeated). The body is
 * only a hint: each txid is confirmed with the PSP's GET /cob/{txid} (see confirm.ts).
 */
import { eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import type { Services } from '../../types';
import { confirmPayment, recordUnmatched } from './confirm';

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
};

export async function handlePixNotification(
  deps: Services,
  body: unknown,
): Promise<WebhookOutcome> {
  const items = readItems(body);
  const outcome: WebhookOutcome = { received: items.length, confirmed: 0, unknown: 0, failed: 0 };
  const seen = new Set<string>();
  for (const item of items) {
    // A Pix without a txid was not paid through a charge: not ours to match.
    if (!item.txid || !/^[a-zA-Z0-9]{1,35}$/.test(item.txid) || seen.has(item.txid)) continue;
    seen.add(item.txid);
    const [row] = await deps.db.select().from(payments).where(eq(payments.txid, item.txid));
    if (!row) {
      outcome.unknown++;
      await recordUnmatched(deps, 'txid_desconhecido', item);
      continue;
    }
    // Settled already and nothing pending on it: a repeated notification costs no PSP call.
    if (row.status === 'pago' && row.paidHandledAt) continue;
    if (row.status === 'devolvido' && row.refundStatus !== 'EM_PROCESSAMENTO') continue;
    try {
      const after = await confirmPayment(deps, row);
      if (after.status === 'pago' && row.status !== 'pago') outcome.confirmed++;
    } catch (error) {
      outcome.failed++;
      logger.warn('pix notification not confirmed', { txid: row.txid, error: errorSummary(error) });
    }
  }
  return outcome;
}

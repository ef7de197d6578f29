/**
 * Unconfirmed recipients (the gateway may or may not have sent their message) looked up at the
 * gateway again: found → sent (counted, logged); found marked ERROR → another try; nothing →
 * looked up again later, for RECHECK_FOR_MS after the claim, then left unconfirmed for good.
 * Run by the store's lease holder, so one look-up at a time per row.
 */
import { campaignText } from '../../../src/domain/campaigns';
import { errorSummary, logger } from '../../logger';
import { markSent, untilRecorded } from './deliver';
import { imageUrlFor } from './images';
import type { SenderDeps } from './sender-deps';
import { dueUnconfirmed, setRecheck, unconfirmedNotDelivered } from './unconfirmed';

const RECHECK_EVERY_MS = 60 * 60_000;
const SEND_FAILED = 'O WhatsApp não aceitou a mensagem';

export async function reconcileUnconfirmed(
  deps: SenderDeps,
  storeId: string,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<{ sent: number; retried: number }> {
  const { db, gateway, settings } = deps;
  if (!gateway.lookupSent) return { sent: 0, retried: 0 };
  const rows = await dueUnconfirmed(db, storeId, deps.now(), options.limit ?? 10);
  let sent = 0;
  let retried = 0;
  for (const row of rows) {
    if (options.signal?.aborted) break;
    const text = campaignText(row.mensagem, row.name, row.store_link);
    const claimedAt = new Date(row.claimed_at);
    const found = await gateway
      .lookupSent({ id: storeId }, row.phone, text, claimedAt)
      .catch((error) => {
        logger.warn('unconfirmed message look-up failed', { error: errorSummary(error) });
        return 'unknown' as const;
      });
    const now = deps.now();
    if (found === 'sent') {
      const mediaUrl = row.image_id ? imageUrlFor(deps.publicBase, row.image_id) : row.image_url;
      const recipient = {
        id: row.id,
        campaignId: row.campaign_id,
        storeId: row.store_id,
        customerId: row.customer_id,
        phone: row.phone,
      };
      // The row is unconfirmed: markSent takes it whatever its claim token.
      if (
        await untilRecorded('markSent', () => markSent(db, recipient, '', now, { text, mediaUrl }))
      )
        sent++;
    } else if (found === 'failed') {
      const delay = settings.retryBaseMs * 2 ** Math.max(0, Number(row.attempts) - 1);
      await unconfirmedNotDelivered(
        db,
        row.id,
        now,
        new Date(now.getTime() + delay),
        settings.maxAttempts,
        SEND_FAILED,
      );
      retried++;
    } else {
      await setRecheck(db, row.id, new Date(now.getTime() + RECHECK_EVERY_MS));
    }
  }
  return { sent, retried };
}

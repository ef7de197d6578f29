/**
 * 'Enviar': confirmCampaign is the one step between a reviewed draft and sending. With Pix
 * payments on, the route passes a payment gate: the campaign is confirmed only once it is paid
 * (services/payments/campaign-gate.ts); until then the answer is the gate's 402 and the Pix charge.
 */
import { eq } from 'drizzle-orm';
import { nextOpening } from '../../../src/domain/zoned-time';
import { runKeyed } from '../../db/idempotency';
import { campaigns } from '../../db/schema';
import { ApiError } from '../../lib/api-input';
import type { Services } from '../../types';
import { audienceOf } from '../labels/campaign-audience';
import { countAudience } from './audience';
import { writeCampaigns } from './campaign-lock';
import { checkSendable } from './drafts';
import { type Base, oneJson, requireCampaign } from './repo';
import { wakeSender } from './scheduling';
import { campaignSettings } from './settings';

export const CANCELLED = 'Esta campanha foi cancelada';
const CONFIRM_ROUTE = 'POST /api/campanhas/enviar';

export type Deps = Pick<Services, 'db' | 'env' | 'now' | 'jobs' | 'campaigns'>;

/**
 * Asked once every refusal has passed, with the campaign's real recipients (customers not
 * opted out, one per number) and whether it goes now: `{ paid: true }` lets the confirmation go
 * on; otherwise its status and body are the answer (402 and the Pix charge). It may throw an
 * ApiError (409: WhatsApp disconnected for a send-now campaign; nothing is charged).
 */
export type PaymentGate = (
  recipientCount: number,
  campaign: { sendNow: boolean },
) => Promise<{ paid: true } | { paid: false; status: number; body: unknown }>;

export type ConfirmResult = { status: number; body: unknown; replayed: boolean };

/**
 * Runs every refusal of 'Enviar' (not found, cancelled, no customers, date, daily limit) without
 * changing anything and answers the recipient count, or null when the campaign is already
 * confirmed (the confirmation answers it as it is). An Idempotency-Key already stored does not
 * skip the gate: the clean-up may delete it before the confirming transaction, which would then
 * confirm an unpaid campaign; a stored key's campaign is confirmed anyway, so null is answered.
 */
async function precheck(
  deps: Deps,
  storeId: string,
  campaignId: string,
): Promise<{ recipientCount: number; sendNow: boolean } | null> {
  return writeCampaigns(deps.db, storeId, async (tx) => {
    const row = await requireCampaign(tx, storeId, campaignId);
    if (row.confirmedAt) return null;
    if (row.status === 'cancelado') throw new ApiError(409, CANCELLED);
    await checkSendable(tx, storeId, row, deps.now());
    const audience = await audienceOf(tx, row.id);
    return { recipientCount: await countAudience(tx, storeId, audience), sendNow: row.sendNow };
  });
}

/**
 * Confirms the campaign once: confirmedAt, and startsAt = the scheduled time (or now) moved to
 * the send window's next opening. Confirming again answers the campaign as it is (idempotent).
 * With an Idempotency-Key the first confirmation is replayed. With a `gate`, every refusal
 * comes first (nothing is charged for a campaign that would be refused), then the gate: a 402
 * is answered as it is and NOT stored under the key, so the same key confirms once paid.
 */
export async function confirmCampaign(
  deps: Deps,
  storeId: string,
  campaignId: string,
  base: Base,
  idempotencyKey?: string,
  gate?: PaymentGate,
): Promise<ConfirmResult> {
  if (gate) {
    // The PSP is asked outside any transaction: a slow PSP holds no lock.
    const checked = await precheck(deps, storeId, campaignId);
    if (checked !== null) {
      const verdict = await gate(checked.recipientCount, { sendNow: checked.sendNow });
      if (!verdict.paid) return { status: verdict.status, body: verdict.body, replayed: false };
    }
  }
  const now = deps.now();
  const settings = campaignSettings(deps.env, deps.campaigns?.settings);
  let scheduled: { at: Date } | null = null;
  const { outcome, replayed } = await writeCampaigns(deps.db, storeId, (tx) =>
    runKeyed(tx, storeId, idempotencyKey, CONFIRM_ROUTE, async () => {
      const row = await requireCampaign(tx, storeId, campaignId);
      if (row.confirmedAt) return { status: 200, body: await oneJson(tx, row, base) };
      if (row.status === 'cancelado') throw new ApiError(409, CANCELLED);
      const { timezone, startInstant } = await checkSendable(tx, storeId, row, now);
      const startsAt = nextOpening(startInstant, settings.window, timezone);
      const [updated] = await tx
        .update(campaigns)
        .set({ confirmedAt: now, startsAt, status: 'agendado', updatedAt: now })
        .where(eq(campaigns.id, row.id))
        .returning();
      if (!updated) throw new Error('confirm update');
      scheduled = { at: startsAt };
      return { status: 200, body: await oneJson(tx, updated, base) };
    }),
  );
  // After the commit: a sender that ran earlier would not see the confirmation. The sender
  // starts it when due (start.ts); if this wake is lost (crash right here), the sweep wakes it.
  const when = scheduled as { at: Date } | null;
  if (when) await wakeSender(deps, storeId, when.at);
  return { ...outcome, replayed };
}

/** One claimed message through the gateway, and what its outcome means for the recipient and campaign. */
import { eq, sql } from 'drizzle-orm';
import { campaigns, stores } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import { GatewayOutcomeUnknownError, NumberNotOnWhatsAppError } from '../whatsapp/gateway';
import {
  type Claimed,
  markFinal,
  markSent,
  markUnconfirmed,
  scheduleRetry,
  unclaim,
  untilRecorded,
} from './deliver';
import { pauseCampaign } from './pause';
import type { SenderDeps } from './sender-deps';
import type { CampaignRow } from './serialize';
import { unconfirmedNotDelivered } from './unconfirmed';

export type SendOutcome = 'sent' | 'failed' | 'retry' | 'disconnected' | 'unconfirmed';

export const NOT_ON_WHATSAPP = 'Este número não tem WhatsApp';
const SEND_FAILED = 'O WhatsApp não aceitou a mensagem';
/** An unconfirmed message is looked up at the gateway again after this long (then hourly). */
export const FIRST_RECHECK_MS = 2 * 60_000;

type Message = { text: string; mediaUrl: string | null };
/** One send of one claimed recipient: its campaign, its row, the claim and what goes out. */
type Attempt = {
  campaign: CampaignRow;
  r: Claimed;
  token: string;
  message: Message;
  signal?: AbortSignal;
};

export async function sendOne(
  deps: SenderDeps,
  campaign: CampaignRow,
  r: Claimed,
  token: string,
  message: Message,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  const { db, gateway } = deps;
  const store = { id: r.storeId };
  try {
    if (message.mediaUrl) await gateway.sendImage(store, r.phone, message.mediaUrl, message.text);
    else await gateway.sendText(store, r.phone, message.text);
  } catch (error) {
    const now = deps.now();
    if (error instanceof NumberNotOnWhatsAppError) {
      await markFinal(db, r, token, now, 'failed', NOT_ON_WHATSAPP);
      return 'failed';
    }
    if (error instanceof GatewayOutcomeUnknownError) {
      return settleUnknown(deps, { campaign, r, token, message, signal }, error);
    }
    // A definite refusal: the gateway answered 4xx or was never reached. Not sent. A state
    // that cannot be read is 'unknown': treated as a plain failure, never as disconnected.
    const state = await gateway.state(store).catch(() => 'unknown' as const);
    if (state === 'disconnected' || state === 'connecting') {
      // Surely not sent: the row goes back untouched and the campaign waits for the reconnect.
      await unclaim(db, r, token);
      await pauseCampaign(db, campaign.id, now, { kind: 'disconnected' });
      return 'disconnected';
    }
    logger.warn('campaign message failed', { campaignId: campaign.id, error: errorSummary(error) });
    const final = r.attempts >= deps.settings.maxAttempts;
    if (final) await markFinal(db, r, token, now, 'failed', SEND_FAILED);
    else {
      const delay = deps.settings.retryBaseMs * 2 ** (r.attempts - 1);
      await scheduleRetry(db, r, token, now, new Date(now.getTime() + delay), SEND_FAILED);
    }
    await countFailure(deps, campaign, r.storeId, now);
    return final ? 'failed' : 'retry';
  }
  await untilRecorded('markSent', () => markSent(db, r, token, deps.now(), message));
  return 'sent';
}

/**
 * The gateway may have sent it: recorded as unconfirmed first (so no crash can turn it back
 * into pending), then looked up. Found → sent; found marked ERROR → another try; else it
 * stays unconfirmed and is looked up again later (reconcileUnconfirmed). Never a second send
 * on a guess. While shutting down the look-up is left to the next start.
 */
async function settleUnknown(
  deps: SenderDeps,
  { campaign, r, token, message, signal }: Attempt,
  error: unknown,
): Promise<SendOutcome> {
  const { db, gateway } = deps;
  const store = { id: r.storeId };
  const now = deps.now();
  logger.warn('campaign message outcome unknown', {
    campaignId: campaign.id,
    error: errorSummary(error),
  });
  const recheckAt = signal?.aborted ? now : new Date(now.getTime() + FIRST_RECHECK_MS);
  await untilRecorded('markUnconfirmed', () => markUnconfirmed(db, r, token, now, recheckAt));
  if (signal?.aborted) return 'unconfirmed';
  const found = gateway.lookupSent
    ? await gateway
        .lookupSent(store, r.phone, message.text, r.claimedAt ?? now)
        // Cannot ask now: 'unknown' keeps the message unconfirmed, asked again later.
        .catch(() => 'unknown' as const)
    : 'unknown';
  if (found === 'sent') {
    await untilRecorded('markSent', () => markSent(db, r, token, deps.now(), message));
    return 'sent';
  }
  if (found === 'failed') {
    const delay = deps.settings.retryBaseMs * 2 ** (r.attempts - 1);
    await unconfirmedNotDelivered(
      db,
      r.id,
      now,
      new Date(now.getTime() + delay),
      deps.settings.maxAttempts,
      SEND_FAILED,
    );
  }
  // A state that cannot be read is 'unknown': a plain failure, never a disconnection pause.
  const state = await gateway.state(store).catch(() => 'unknown' as const);
  if (state === 'disconnected' || state === 'connecting') {
    await pauseCampaign(db, campaign.id, now, { kind: 'disconnected' });
    return 'disconnected';
  }
  await countFailure(deps, campaign, r.storeId, now);
  return found === 'failed' ? 'retry' : 'unconfirmed';
}

/** One more failure in a row; too many pause the campaign for a while. */
async function countFailure(deps: SenderDeps, campaign: CampaignRow, storeId: string, now: Date) {
  const { db, settings } = deps;
  const [row] = await db
    .update(campaigns)
    .set({ failureStreak: sql`${campaigns.failureStreak} + 1` })
    .where(eq(campaigns.id, campaign.id))
    .returning({ streak: campaigns.failureStreak });
  if ((row?.streak ?? 0) >= settings.failureStreakLimit) {
    const [s] = await db.select({ tz: stores.timezone }).from(stores).where(eq(stores.id, storeId));
    await pauseCampaign(db, campaign.id, now, {
      kind: 'failures',
      until: new Date(now.getTime() + settings.failurePauseMs),
      timeZone: s?.tz ?? 'America/Sao_Paulo',
    });
  }
}

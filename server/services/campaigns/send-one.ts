/** One claimed message through the gateway, and what its outcome means for the recipient and campaign. */
import { eq, sql } from 'drizzle-orm';
import { campaigns, stores } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import { NumberNotOnWhatsAppError } from '../whatsapp/gateway';
import { type Claimed, markFinal, markSent, scheduleRetry, unclaim } from './deliver';
import { pauseCampaign } from './pause';
import type { SenderDeps } from './sender-deps';
import type { CampaignRow } from './serialize';

export type SendOutcome = 'sent' | 'failed' | 'retry' | 'disconnected';

export const NOT_ON_WHATSAPP = 'Este número não tem WhatsApp';
const SEND_FAILED = 'O WhatsApp não aceitou a mensagem';

export async function sendOne(
  deps: SenderDeps,
  campaign: CampaignRow,
  r: Claimed,
  token: string,
  message: { text: string; mediaUrl: string | null },
): Promise<SendOutcome> {
  const { db, gateway, settings } = deps;
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
    const state = await gateway.state(store).catch(() => 'unknown' as const);
    if (state === 'disconnected' || state === 'connecting') {
      // Not sent: the row goes back untouched and the campaign waits for the reconnect.
      await unclaim(db, r, token);
      await pauseCampaign(db, campaign.id, now, { kind: 'disconnected' });
      return 'disconnected';
    }
    logger.warn('campaign message failed', { campaignId: campaign.id, error: errorSummary(error) });
    const final = r.attempts >= settings.maxAttempts;
    if (final) await markFinal(db, r, token, now, 'failed', SEND_FAILED);
    else {
      const delay = settings.retryBaseMs * 2 ** (r.attempts - 1);
      await scheduleRetry(db, r, token, now, new Date(now.getTime() + delay), SEND_FAILED);
    }
    const [row] = await db
      .update(campaigns)
      .set({ failureStreak: sql`${campaigns.failureStreak} + 1` })
      .where(eq(campaigns.id, campaign.id))
      .returning({ streak: campaigns.failureStreak });
    if ((row?.streak ?? 0) >= settings.failureStreakLimit) {
      const [s] = await db
        .select({ tz: stores.timezone })
        .from(stores)
        .where(eq(stores.id, r.storeId));
      await pauseCampaign(db, campaign.id, now, {
        kind: 'failures',
        until: new Date(now.getTime() + settings.failurePauseMs),
        timeZone: s?.tz ?? 'America/Sao_Paulo',
      });
    }
    return final ? 'failed' : 'retry';
  }
  await markSent(db, r, token, deps.now(), message);
  return 'sent';
}

/**
 * The per-store sender: one message at a time, a random pause between two, an hourly cap and a
 * daily send window in the store's time zone. It runs while it holds the store's lease and
 * answers when it should run again; the job system turns that into a delayed job.
 */
import { eq } from 'drizzle-orm';
import { campaignText } from '../../../src/domain/campaigns';
import { isInWindow, nextOpening, windowClose } from '../../../src/domain/zoned-time';
import { stores } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import { SKIP_REASONS } from './audience';
import { claimNext, markFinal, recoverStaleClaims } from './deliver';
import { imageUrlFor } from './images';
import {
  acquireLease,
  type Lease,
  leaseUntil,
  nextSendAt,
  releaseLease,
  renewLease,
  setNextSendAt,
} from './lease';
import { hasDisconnectedPause, pauseCampaign, resumeReconnected, resumeTimed } from './pause';
import { finishCampaign, openRecipients, sentInLastHour } from './progress';
import { reconcileUnconfirmed } from './reconcile';
import { sendOne } from './send-one';
import type { SenderDeps } from './sender-deps';
import type { CampaignRow } from './serialize';
import { activeCampaign, dueUnstarted, nextWake, startCampaign } from './start';

const HOUR_MS = 3_600_000;

export type { SenderDeps };

/** 'again' at a time: run the store's sender then. 'idle': nothing to do until someone wakes it. */
export type SenderResult =
  | { kind: 'idle'; sent: number }
  | { kind: 'again'; at: Date; sent: number }
  | { kind: 'busy'; at: Date; sent: 0 };

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function runStoreSender(
  deps: SenderDeps,
  storeId: string,
  options: { signal?: AbortSignal; budgetMs?: number } = {},
): Promise<SenderResult> {
  const { db, settings } = deps;
  const lease = await acquireLease(db, storeId, deps.now(), settings.leaseMs);
  if (!lease) {
    const until = await leaseUntil(db, storeId);
    return {
      kind: 'busy',
      at: until ?? new Date(deps.now().getTime() + settings.leaseMs),
      sent: 0,
    };
  }
  try {
    await recoverStaleClaims(db, storeId, lease.token);
    // Messages whose sending nobody could confirm: asked about at the gateway, never re-sent.
    await reconcileUnconfirmed(deps, storeId, { signal: options.signal });
    if (await hasDisconnectedPause(db, storeId)) {
      const state = await deps.gateway.state({ id: storeId }).catch(() => 'disconnected');
      if (state === 'connected') await resumeReconnected(db, storeId, deps.now());
    }
    return await loop(deps, lease, options);
  } finally {
    await releaseLease(db, lease).catch((error) =>
      logger.warn('campaign lease not released', { storeId, error: errorSummary(error) }),
    );
  }
}

async function loop(
  deps: SenderDeps,
  lease: Lease,
  options: { signal?: AbortSignal; budgetMs?: number },
): Promise<SenderResult> {
  const { db, settings, storeId } = { ...deps, storeId: lease.storeId };
  const sleep = deps.sleep ?? defaultSleep;
  const startedAt = deps.now().getTime();
  const budget = options.budgetMs ?? settings.runBudgetMs;
  const [store] = await db
    .select({ timezone: stores.timezone })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) return { kind: 'idle', sent: 0 };
  const tz = store.timezone;
  let sent = 0;
  const again = (at: Date): SenderResult => ({ kind: 'again', at, sent });
  // Only this sender sends for the store while it holds the lease: the hour's sends are read
  // once and then counted here (no query per message).
  const recent = await sentInLastHour(db, storeId, deps.now(), settings.maxPerHour);
  let campaign: CampaignRow | null = null;
  let checkedAt = 0;
  let renewedAt = deps.now().getTime();

  for (;;) {
    const now = deps.now();
    const t = now.getTime();
    if (options.signal?.aborted) return again(now);
    if (t - startedAt >= budget) return again(now);
    if (t - renewedAt >= settings.leaseMs / 4) {
      if (!(await renewLease(db, lease, now, settings.leaseMs))) return again(now);
      renewedAt = t;
    }
    // Campaign housekeeping (starts, timed resumes, which one goes first) once a second; a
    // cancel or pause in between is seen by the claim itself.
    const fresh = !campaign || t - checkedAt >= 1000;
    if (fresh) {
      await resumeTimed(db, storeId, now);
      for (const id of await dueUnstarted(db, storeId, now)) await startCampaign(db, id, now);
      campaign = await activeCampaign(db, storeId);
      checkedAt = t;
    }
    if (!campaign) {
      const next = await nextWake(db, storeId);
      return next ? again(next) : { kind: 'idle', sent };
    }

    if (!isInWindow(now, settings.window, tz)) {
      const opening = nextOpening(now, settings.window, tz);
      await pauseCampaign(db, campaign.id, now, { kind: 'window', until: opening, timeZone: tz });
      return again(opening);
    }
    while (recent.length > 0 && (recent[0] ?? 0) <= t - HOUR_MS) recent.shift();
    const capFree = recent.length >= settings.maxPerHour ? (recent[0] ?? 0) + HOUR_MS : 0;
    const paceAt = settings.maxGapMs > 0 ? ((await nextSendAt(db, storeId))?.getTime() ?? 0) : 0;
    const waitUntil = Math.max(capFree, paceAt);
    if (waitUntil > t) {
      const ms = waitUntil - t;
      const close = windowClose(now, settings.window, tz);
      const inline = ms <= settings.maxInlineSleepMs && t + ms - startedAt < budget;
      if (!inline || (close && waitUntil >= close.getTime())) {
        // Before handing over for the pause: a campaign whose last message just went out is
        // 'enviado' now, not one pause later.
        if ((await openRecipients(db, campaign.id)).open === 0) {
          await finishCampaign(db, campaign.id, now);
          campaign = null;
          checkedAt = 0;
          continue;
        }
        return again(new Date(waitUntil));
      }
      await sleep(ms, options.signal);
      continue;
    }

    // A shutdown that began during the housekeeping above: claim nothing more.
    if (options.signal?.aborted) return again(now);
    const claimed = await claimNext(db, campaign.id, lease.token, now);
    if (!claimed) {
      if (!fresh) {
        campaign = null; // paused or cancelled since the last check: look again
        continue;
      }
      const { open, nextAttemptAt } = await openRecipients(db, campaign.id);
      if (open === 0) {
        await finishCampaign(db, campaign.id, now);
        campaign = null;
        continue;
      }
      // Only retries waiting for their backoff are left: come back then.
      return again(nextAttemptAt ?? new Date(t + settings.retryBaseMs));
    }
    if (claimed.customerGone || claimed.customerOptedOut) {
      const reason = claimed.customerOptedOut ? SKIP_REASONS.optedOut : SKIP_REASONS.deleted;
      await markFinal(db, claimed, lease.token, now, 'skipped', reason);
      continue;
    }

    const text = campaignText(campaign.mensagem, claimed.name);
    const mediaUrl = campaign.imageId
      ? imageUrlFor(deps.publicBase, campaign.imageId)
      : campaign.imageUrl;
    const outcome = await sendOne(
      deps,
      campaign,
      claimed,
      lease.token,
      { text, mediaUrl },
      options.signal,
    );
    if (outcome === 'disconnected') return { kind: 'idle', sent };
    if (outcome === 'sent') {
      sent++;
      recent.push(deps.now().getTime());
    } else {
      campaign = null; // a failure may have paused it
    }
    if (settings.maxGapMs > 0) {
      const gap =
        settings.minGapMs +
        (deps.random ?? Math.random)() * (settings.maxGapMs - settings.minGapMs);
      await setNextSendAt(db, lease, new Date(deps.now().getTime() + Math.round(gap)));
    }
  }
}

/**
 * The per-store sender: one message at a time, a random pause between two, an hourly cap and a
 * daily send window in the store's time zone. It runs while it holds the store's lease and
 * answers when it should run again; the job system turns that into a delayed job.
 */
import { eq } from 'drizzle-orm';
import { campaignText } from '../../../src/domain/campaigns';
import { isInWindow, nextOpening, windowClose } from '../../../src/domain/zoned-time';
import type { Db } from '../../db/client';
import { customers, stores } from '../../db/schema';
import { errorSummary, logger } from '../../logger';
import type { WhatsAppGateway } from '../whatsapp/gateway';
import { SKIP_REASONS } from './audience';
import {
  claimNext,
  finishCampaign,
  hourlyCapFreeAt,
  markFinal,
  openRecipients,
  recoverStaleClaims,
} from './deliver';
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
import { sendOne } from './send-one';
import type { CampaignSettings } from './settings';
import { activeCampaign, dueUnstarted, nextWake, startCampaign } from './start';

export type SenderDeps = {
  db: Db;
  gateway: WhatsAppGateway;
  now: () => Date;
  settings: CampaignSettings;
  /** Base of image URLs the gateway fetches (PUBLIC_URL). */
  publicBase: string;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
};

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

  for (;;) {
    const now = deps.now();
    if (options.signal?.aborted) return again(now);
    if (now.getTime() - startedAt >= budget) return again(now);
    if (!(await renewLease(db, lease, now, settings.leaseMs))) return again(now);

    await resumeTimed(db, storeId, now);
    for (const id of await dueUnstarted(db, storeId, now)) await startCampaign(db, id, now);
    const campaign = await activeCampaign(db, storeId);
    if (!campaign) {
      const next = await nextWake(db, storeId);
      return next ? again(next) : { kind: 'idle', sent };
    }

    if (!isInWindow(now, settings.window, tz)) {
      const opening = nextOpening(now, settings.window, tz);
      await pauseCampaign(db, campaign.id, now, { kind: 'window', until: opening, timeZone: tz });
      return again(opening);
    }
    const capFree = await hourlyCapFreeAt(db, storeId, now, settings.maxPerHour);
    const paceAt = await nextSendAt(db, storeId);
    const waitUntil = Math.max(capFree?.getTime() ?? 0, paceAt?.getTime() ?? 0);
    if (waitUntil > now.getTime()) {
      const ms = waitUntil - now.getTime();
      const close = windowClose(now, settings.window, tz);
      const inline = ms <= settings.maxInlineSleepMs && now.getTime() + ms - startedAt < budget;
      if (!inline || (close && waitUntil >= close.getTime())) return again(new Date(waitUntil));
      await sleep(ms, options.signal);
      continue;
    }

    const claimed = await claimNext(db, campaign.id, lease.token, now);
    if (!claimed) {
      const { open, nextAttemptAt } = await openRecipients(db, campaign.id);
      if (open === 0) {
        await finishCampaign(db, campaign.id, now);
        continue;
      }
      // Only retries waiting for their backoff are left (or a cancel landed): come back then.
      return again(nextAttemptAt ?? new Date(now.getTime() + settings.retryBaseMs));
    }

    const [customer] = await db
      .select({ optedOut: customers.optedOut, deletedAt: customers.deletedAt })
      .from(customers)
      .where(eq(customers.id, claimed.customerId));
    if (!customer || customer.deletedAt || customer.optedOut) {
      const reason = customer?.optedOut ? SKIP_REASONS.optedOut : SKIP_REASONS.deleted;
      await markFinal(db, claimed, lease.token, now, 'skipped', reason);
      continue;
    }

    const text = campaignText(campaign.mensagem, claimed.name);
    const mediaUrl = campaign.imageId
      ? imageUrlFor(deps.publicBase, campaign.imageId)
      : campaign.imageUrl;
    const outcome = await sendOne(deps, campaign, claimed, lease.token, { text, mediaUrl });
    if (outcome === 'disconnected') return { kind: 'idle', sent };
    if (outcome === 'sent') sent++;
    const gap =
      settings.minGapMs + (deps.random ?? Math.random)() * (settings.maxGapMs - settings.minGapMs);
    await setNextSendAt(db, lease, new Date(deps.now().getTime() + Math.round(gap)));
  }
}

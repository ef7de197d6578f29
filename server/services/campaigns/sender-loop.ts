/**
 * The sender's loop under a held lease, one step per concern: keep the lease and the budget,
 * refresh which campaign goes (starting due ones), wait for the window, the hourly cap and the
 * pause, then claim one recipient and send. Each step either lets the loop go on or answers
 * when the store's sender should run again.
 */
import { eq } from 'drizzle-orm';
import { campaignText } from '../../../src/domain/campaigns';
import { isInWindow, nextOpening, windowClose } from '../../../src/domain/zoned-time';
import { stores } from '../../db/schema';
import { SKIP_REASONS } from './audience';
import { claimNext, markFinal } from './deliver';
import { imageUrlFor } from './images';
import { type Lease, nextSendAt, renewLease, setNextSendAt } from './lease';
import { pauseCampaign, resumeTimed } from './pause';
import { finishCampaign, openRecipients, sentInLastHour } from './progress';
import { sendOne } from './send-one';
import type { SenderDeps } from './sender-deps';
import type { CampaignRow } from './serialize';
import { activeCampaign, nextWake, startDueCampaigns } from './start';

const HOUR_MS = 3_600_000;

/** 'again' at a time: run the store's sender then. 'idle': nothing to do until someone wakes it. */
export type SenderResult =
  | { kind: 'idle'; sent: number }
  | { kind: 'again'; at: Date; sent: number }
  | { kind: 'busy'; at: Date; sent: 0 };

export type RunOptions = { signal?: AbortSignal; budgetMs?: number };

/** One run's state: what the steps share between two messages. */
type Run = {
  deps: SenderDeps;
  lease: Lease;
  storeId: string;
  timeZone: string;
  signal: AbortSignal | undefined;
  startedAt: number;
  budget: number;
  /** This hour's send times: read once, then counted here (only the lease holder sends). */
  recent: number[];
  campaign: CampaignRow | null;
  checkedAt: number;
  renewedAt: number;
  sent: number;
};

/** A step's verdict: go on to the next step, start the loop over, or end the run with a result. */
type Next = 'on' | 'over' | SenderResult;

const again = (run: Run, at: Date): SenderResult => ({ kind: 'again', at, sent: run.sent });

export async function sendWhileLeased(
  deps: SenderDeps,
  lease: Lease,
  options: RunOptions,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
): Promise<SenderResult> {
  const { db, settings } = deps;
  const storeId = lease.storeId;
  const [store] = await db
    .select({ timezone: stores.timezone })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) return { kind: 'idle', sent: 0 };
  const startedAt = deps.now().getTime();
  const run: Run = {
    deps,
    lease,
    storeId,
    timeZone: store.timezone,
    signal: options.signal,
    startedAt,
    budget: options.budgetMs ?? settings.runBudgetMs,
    recent: await sentInLastHour(db, storeId, deps.now(), settings.maxPerHour),
    campaign: null,
    checkedAt: 0,
    renewedAt: startedAt,
    sent: 0,
  };
  for (;;) {
    const now = deps.now();
    const kept = await keepRunning(run, now);
    if (kept !== 'on') return kept as SenderResult;
    const fresh = await refreshCampaign(run, now);
    if (!run.campaign) {
      const next = await nextWake(db, storeId);
      return next ? again(run, next) : { kind: 'idle', sent: run.sent };
    }
    const turn = await waitForTurn(run, run.campaign, now, sleep);
    if (turn === 'over') continue;
    if (turn !== 'on') return turn;
    // A shutdown that began during the steps above: claim nothing more.
    if (run.signal?.aborted) return again(run, now);
    const sent = await sendNext(run, run.campaign, now, fresh);
    if (sent !== 'on' && sent !== 'over') return sent;
  }
}

/** Stops on shutdown or at the end of the budget; renews the lease every quarter of its life. */
async function keepRunning(run: Run, now: Date): Promise<Next> {
  const t = now.getTime();
  const { settings, db } = run.deps;
  if (run.signal?.aborted || t - run.startedAt >= run.budget) return again(run, now);
  if (t - run.renewedAt >= settings.leaseMs / 4) {
    if (!(await renewLease(db, run.lease, now, settings.leaseMs))) return again(run, now);
    run.renewedAt = t;
  }
  return 'on';
}

/**
 * Campaign housekeeping (timed resumes, due starts, which campaign goes first) once a second; a
 * cancel or pause in between is seen by the claim itself. True when it looked just now.
 */
async function refreshCampaign(run: Run, now: Date): Promise<boolean> {
  const t = now.getTime();
  if (run.campaign && t - run.checkedAt < 1000) return false;
  const { db } = run.deps;
  await resumeTimed(db, run.storeId, now);
  await startDueCampaigns(db, run.storeId, now);
  run.campaign = await activeCampaign(db, run.storeId);
  run.checkedAt = t;
  return true;
}

/** The send window, the hourly cap and the pause between two messages: sleeps or hands over. */
async function waitForTurn(
  run: Run,
  campaign: CampaignRow,
  now: Date,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
): Promise<Next> {
  const { db, settings } = run.deps;
  const t = now.getTime();
  const tz = run.timeZone;
  if (!isInWindow(now, settings.window, tz)) {
    const opening = nextOpening(now, settings.window, tz);
    await pauseCampaign(db, campaign.id, now, { kind: 'window', until: opening, timeZone: tz });
    return again(run, opening);
  }
  while (run.recent.length > 0 && (run.recent[0] ?? 0) <= t - HOUR_MS) run.recent.shift();
  const capFree = run.recent.length >= settings.maxPerHour ? (run.recent[0] ?? 0) + HOUR_MS : 0;
  const paceAt = settings.maxGapMs > 0 ? ((await nextSendAt(db, run.storeId))?.getTime() ?? 0) : 0;
  const waitUntil = Math.max(capFree, paceAt);
  if (waitUntil <= t) return 'on';
  const ms = waitUntil - t;
  const close = windowClose(now, settings.window, tz);
  const inline = ms <= settings.maxInlineSleepMs && t + ms - run.startedAt < run.budget;
  if (inline && !(close && waitUntil >= close.getTime())) {
    await sleep(ms, run.signal);
    return 'over';
  }
  // Before handing over for the pause: a campaign whose last message just went out is
  // 'enviado' now, not one pause later.
  if ((await openRecipients(db, campaign.id)).open === 0) {
    await finishCampaign(db, campaign.id, now);
    run.campaign = null;
    run.checkedAt = 0;
    return 'over';
  }
  return again(run, new Date(waitUntil));
}

/** Claims the next recipient and sends to it (or skips it), then draws the next pause. */
async function sendNext(run: Run, campaign: CampaignRow, now: Date, fresh: boolean): Promise<Next> {
  const { deps, lease } = run;
  const { db, settings } = deps;
  const claimed = await claimNext(db, campaign.id, lease.token, now);
  if (!claimed) {
    run.campaign = null;
    // Paused or cancelled since the last check: look again.
    if (!fresh) return 'over';
    const { open, nextAttemptAt } = await openRecipients(db, campaign.id);
    if (open === 0) {
      await finishCampaign(db, campaign.id, now);
      return 'over';
    }
    // Only retries waiting for their backoff are left: come back then.
    return again(run, nextAttemptAt ?? new Date(now.getTime() + settings.retryBaseMs));
  }
  if (claimed.customerGone || claimed.customerOptedOut) {
    const reason = claimed.customerOptedOut ? SKIP_REASONS.optedOut : SKIP_REASONS.deleted;
    await markFinal(db, claimed, lease.token, now, 'skipped', reason);
    return 'on';
  }
  const text = campaignText(campaign.mensagem, claimed.name, campaign.storeLink);
  const mediaUrl = campaign.imageId
    ? imageUrlFor(deps.publicBase, campaign.imageId)
    : campaign.imageUrl;
  const message = { text, mediaUrl };
  const outcome = await sendOne(deps, campaign, claimed, lease.token, message, run.signal);
  if (outcome === 'disconnected') return { kind: 'idle', sent: run.sent };
  if (outcome === 'sent') {
    run.sent++;
    run.recent.push(deps.now().getTime());
  } else {
    run.campaign = null; // a failure may have paused it
  }
  if (settings.maxGapMs > 0) {
    const gap =
      settings.minGapMs + (deps.random ?? Math.random)() * (settings.maxGapMs - settings.minGapMs);
    await setNextSendAt(db, lease, new Date(deps.now().getTime() + Math.round(gap)));
  }
  return 'on';
}

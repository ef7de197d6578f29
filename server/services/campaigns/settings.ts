/** Campaign sending settings: pacing, hourly cap and send window from env, plus fixed safety rules. */
import { parseSendWindow, type SendWindow } from '../../../src/domain/zoned-time';
import type { Env } from '../../env';

export type CampaignSettings = {
  /** Random pause between two messages of one store, inclusive bounds. */
  minGapMs: number;
  maxGapMs: number;
  /** Messages per store in any rolling hour. */
  maxPerHour: number;
  window: SendWindow;
  /** A sender holds its store for this long without renewing; must exceed one send's timeout. */
  leaseMs: number;
  /** Tries per recipient for failures other than "not on WhatsApp". */
  maxAttempts: number;
  /** First retry delay; doubles each attempt. */
  retryBaseMs: number;
  /** This many failed sends in a row pause the campaign for failurePauseMs. */
  failureStreakLimit: number;
  failurePauseMs: number;
  /** A sender job keeps its store at most this long, then hands over to a new job. */
  runBudgetMs: number;
  /** Pauses up to this long are slept inside the job; longer ones become a delayed job. */
  maxInlineSleepMs: number;
};

export function campaignSettings(env: Env, overrides: Partial<CampaignSettings> = {}) {
  const window = parseSendWindow(env.CAMPAIGN_SEND_WINDOW);
  if (!window) throw new Error('CAMPAIGN_SEND_WINDOW inválida');
  const settings: CampaignSettings = {
    minGapMs: env.CAMPAIGN_SEND_MIN_MS,
    maxGapMs: env.CAMPAIGN_SEND_MAX_MS,
    maxPerHour: env.CAMPAIGN_MAX_PER_HOUR,
    window,
    leaseMs: 60_000,
    maxAttempts: 3,
    retryBaseMs: 60_000,
    failureStreakLimit: 5,
    failurePauseMs: 15 * 60_000,
    runBudgetMs: 20_000,
    maxInlineSleepMs: 2_000,
    ...overrides,
  };
  return settings;
}

/** The random pause before the next message: uniform in [min, max]. */
export function nextGapMs(s: CampaignSettings, random: () => number = Math.random): number {
  return Math.round(s.minGapMs + random() * (s.maxGapMs - s.minGapMs));
}

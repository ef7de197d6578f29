/** Campaign sending settings: pacing, hourly cap and send window from env, plus fixed safety rules. */
import { parseSendWindow } from '../../../src/domain/zoned-time';
import type { Env } from '../../env';
import type { CampaignSettings } from '../../types';

export type { CampaignSettings };

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

/** What the per-store sender and the one-message send need (its own module: no import cycle). */
import type { Services } from '../../types';
import type { CampaignSettings } from './settings';

/** The app's database, gateway and clock, plus the sender's own settings. */
export type SenderDeps = Pick<Services, 'db' | 'gateway' | 'now'> & {
  settings: CampaignSettings;
  /** Base of image URLs the gateway fetches (PUBLIC_URL). */
  publicBase: string;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
};

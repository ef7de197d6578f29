/** What the per-store sender and the one-message send need (its own module: no import cycle). */
import type { Db } from '../../db/client';
import type { WhatsAppGateway } from '../whatsapp/gateway';
import type { CampaignSettings } from './settings';

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

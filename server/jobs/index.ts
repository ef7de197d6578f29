/** Every background job the server runs: add one line per job (see define.ts for the shape). */
import { campaignSenderJob } from './campaign-sender';
import { campaignStartJob } from './campaign-start';
import { campaignSweepJob } from './campaign-sweep';
import { cleanupJob } from './cleanup';
import type { JobDefinition } from './define';
import { mediaCleanupJob } from './media-cleanup';
import { orderMessagesJob } from './order-messages';
import { pixRecheckJob } from './pix-recheck';
import { privacyRetentionJob } from './privacy-retention';
import { pushOutboxJob } from './push-outbox';

export const jobDefinitions: readonly JobDefinition[] = [
  cleanupJob,
  pixRecheckJob,
  campaignStartJob as JobDefinition,
  campaignSenderJob as JobDefinition,
  campaignSweepJob,
  pushOutboxJob,
  orderMessagesJob,
  mediaCleanupJob,
  privacyRetentionJob,
];

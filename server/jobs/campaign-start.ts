/**
 * A start job queued by an older version at a campaign's startsAt: it only wakes the store's
 * sender, which starts every due campaign itself (services/campaigns/start.ts). Confirmations
 * now wake the sender at startsAt directly; this stays so queued jobs still have a handler.
 */
import { CAMPAIGN_QUEUES, type StartJobData, wakeSender } from '../services/campaigns/scheduling';
import { defineJob } from './define';

export const campaignStartJob = defineJob<StartJobData>({
  name: CAMPAIGN_QUEUES.start,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  async run({ storeId }, { services }) {
    await wakeSender(services, storeId);
  },
});

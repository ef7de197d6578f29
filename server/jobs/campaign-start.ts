/** Starts a confirmed campaign at its startsAt: recipients fixed, then its store's sender woken. */
import { CAMPAIGN_QUEUES, type StartJobData, wakeSender } from '../services/campaigns/scheduling';
import { startCampaign } from '../services/campaigns/start';
import { defineJob } from './define';

export const campaignStartJob = defineJob<StartJobData>({
  name: CAMPAIGN_QUEUES.start,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
  async run({ campaignId, storeId }, { services }) {
    // A no-op when cancelled, already started (by the sender or a sweep) or not due yet.
    await startCampaign(services.db, campaignId, services.now());
    await wakeSender(services, storeId);
  },
});

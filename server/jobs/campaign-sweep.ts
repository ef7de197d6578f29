/**
 * Every minute: wakes the sender of every store with runnable campaign work (due, running,
 * paused for a reason that may have passed). Nothing depends on one job or one process's timer.
 */
import { CAMPAIGN_QUEUES, wakeSender } from '../services/campaigns/scheduling';
import { storesWithCampaignWork } from '../services/campaigns/sweep';
import { defineJob } from './define';

export const campaignSweepJob = defineJob({
  name: CAMPAIGN_QUEUES.sweep,
  schedule: { cron: '* * * * *' },
  queue: { policy: 'singleton', retryLimit: 1, retryDelay: 10 },
  async run(_data, { services }) {
    for (const storeId of await storesWithCampaignWork(services.db, services.now())) {
      await wakeSender(services, storeId);
    }
  },
});

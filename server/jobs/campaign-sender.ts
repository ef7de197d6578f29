/**
 * One store's campaign sender: sends while it holds the store's lease (pacing, hourly cap,
 * window), then queues its own next run for when the store may send again.
 */
import {
  CAMPAIGN_QUEUES,
  consumeWake,
  type SenderJobData,
  senderDepsFrom,
  wakeSender,
} from '../services/campaigns/scheduling';
import { runStoreSender } from '../services/campaigns/sender';
import { defineJob, JobHandedBack } from './define';

export const campaignSenderJob = defineJob<SenderJobData>({
  name: CAMPAIGN_QUEUES.sender,
  // A run lasts at most the sender's budget (20 s) plus one send: expiry well above it.
  queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  async run({ storeId, wake }, { services, stopping }) {
    await consumeWake(services, storeId, wake);
    // On SIGTERM the sender claims nothing more at once; the send in flight ends and is
    // recorded; the job is then handed back and runs again at the next start.
    const result = await runStoreSender(senderDepsFrom(services), storeId, { signal: stopping });
    if (stopping.aborted && result.kind !== 'idle') throw new JobHandedBack();
    // 'busy': another process holds the store; it queues its own next run, this one is the
    // fallback for when its lease ends (if that process died).
    if (result.kind !== 'idle') await wakeSender(services, storeId, result.at);
  },
});

/**
 * Every minute: new-order notifications still owed (decision 018's outbox) are sent: a process
 * that died between an order's commit and its push, and retries due after a 429/5xx.
 */
import { logger } from '../logger';
import { drainDueNotifications } from '../services/push/outbox';
import { defineJob } from './define';

export const pushOutboxJob = defineJob({
  name: 'push-outbox',
  schedule: { cron: '* * * * *' },
  // One run at a time (rows are leased anyway); a failed run is simply the next minute's.
  queue: { policy: 'singleton', retryLimit: 1, retryDelay: 30, expireInSeconds: 300 },
  async run(_data, { services }) {
    const done = await drainDueNotifications(services.db, { now: services.now });
    if (done.drained > 0) logger.info('push outbox', done);
  },
});

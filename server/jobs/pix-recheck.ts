/** Every minute: asks the PSP about pending Pix charges, so a lost webhook loses no payment (decision 012). */
import { logger } from '../logger';
import { recheckPayments } from '../services/payments/recheck';
import { defineJob } from './define';

export const pixRecheckJob = defineJob({
  name: 'pix-recheck',
  schedule: { cron: '* * * * *' },
  // One run at a time; a failed run is simply the next minute's.
  queue: { policy: 'singleton', retryLimit: 1, retryDelay: 30, expireInSeconds: 300 },
  async run(_data, { services }) {
    if (!services.pix) return;
    const done = await recheckPayments(services);
    if (done.checked + done.handled + done.failed + done.refunded > 0)
      logger.info('pix re-check', done);
  },
});

/** Nightly clean-up job: expired sessions, old Idempotency-Keys (decision 008) and unmatched Pix notifications (decision 012). */
import { logger } from '../logger';
import { deleteExpired } from '../services/maintenance/cleanup';
import { defineJob } from './define';

export const cleanupJob = defineJob({
  name: 'nightly-cleanup',
  // 03:30 in Brasília, when stores are closed; a missed night is simply caught up the next one.
  schedule: { cron: '30 3 * * *' },
  queue: { policy: 'singleton', retryLimit: 3, retryDelay: 300, retryBackoff: true },
  async run(_data, { services }) {
    const deleted = await deleteExpired(services.db, services.now());
    logger.info('nightly cleanup', deleted);
  },
});

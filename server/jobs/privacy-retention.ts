/** Nightly LGPD retention (decision 024): conversations, campaign phones and receipts by each store's settings. */
import { logger } from '../logger';
import { purgeOldChats } from '../services/conversations/retention';
import { purgeOldReceipts } from '../services/maintenance/receipts-retention';
import { purgeByRetention } from '../services/privacy/retention';
import { defineJob } from './define';

export const privacyRetentionJob = defineJob({
  name: 'privacy-retention',
  // 04:00 in Brasília, after the clean-up, when stores are closed; a missed night is caught up.
  schedule: { cron: '0 4 * * *' },
  queue: { policy: 'singleton', retryLimit: 3, retryDelay: 300, retryBackoff: true },
  async run(_data, { services }) {
    const now = services.now();
    const purged = await purgeByRetention(services.db, now);
    const receipts = await purgeOldReceipts(services.db, now);
    const chats = await purgeOldChats(services.db, now);
    logger.info('privacy retention', { ...purged, receipts, chats });
  },
});

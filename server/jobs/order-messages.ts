/**
 * Every minute: the customer's order messages still owed (issue 38's outbox): a process that died
 * after a commit, retries after a gateway error, and stores whose WhatsApp came back.
 */
import { logger } from '../logger';
import { drainDueOrderMessages, orderMessageDeps } from '../services/orders/order-messages-send';
import { defineJob } from './define';

export const orderMessagesJob = defineJob({
  name: 'order-messages',
  schedule: { cron: '* * * * *' },
  queue: { policy: 'singleton', retryLimit: 1, retryDelay: 30, expireInSeconds: 300 },
  async run(_data, { services }) {
    const done = await drainDueOrderMessages(orderMessageDeps(services));
    if (done.sent > 0) logger.info('order messages', done);
  },
});

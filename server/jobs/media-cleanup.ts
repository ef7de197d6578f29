/** Every minute: photo files no live photo of a live product shows are removed (decision 020). */
import { logger } from '../logger';
import { sweepUnusedMedia } from '../services/media/media-gc';
import { mediaStoreFor } from '../services/media/media-store';
import { defineJob } from './define';

export const mediaCleanupJob = defineJob({
  name: 'media-cleanup',
  // A deleted product's photos stop being served within a minute.
  schedule: { cron: '* * * * *' },
  // One run at a time; a failed run is simply the next minute's.
  queue: { policy: 'singleton', retryLimit: 1, retryDelay: 30, expireInSeconds: 300 },
  async run(_data, { services }) {
    const media = mediaStoreFor({ db: services.db, env: services.env });
    const removed = await sweepUnusedMedia({ db: services.db, media });
    if (removed > 0) logger.info('media cleanup', { removed });
  },
});

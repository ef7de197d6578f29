/**
 * How campaign work reaches the job queue (server/jobs/campaign-*.ts): per store at most one
 * queued sender job, recorded on its lease row, so wakes from confirms (at the campaign's
 * startsAt), the sweep and the sender itself never pile up jobs.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql-rows';
import type { Services } from '../../types';
import { linkBase } from '../public-base';
import type { SenderDeps } from './sender';
import { campaignSettings } from './settings';

export const CAMPAIGN_QUEUES = {
  start: 'campaign-start',
  sender: 'campaign-sender',
  sweep: 'campaign-sweep',
} as const;

/** What start jobs queued by older versions carry (jobs/campaign-start.ts). */
export type StartJobData = { campaignId: string; storeId: string };
export type SenderJobData = { storeId: string; wake?: string };

/** A queued wake older than this with no run is presumed lost (crash between mark and send). */
const LOST_WAKE_MS = 30_000;

/**
 * Makes sure a sender job for the store runs by `at` (default now): queues one unless one is
 * already queued to run no later than that.
 */
export async function wakeSender(
  deps: Pick<Services, 'jobs' | 'db' | 'now'>,
  storeId: string,
  at?: Date,
): Promise<void> {
  const now = deps.now();
  const when = at && at.getTime() > now.getTime() ? at : now;
  const token = randomUUID();
  const lost = new Date(now.getTime() - LOST_WAKE_MS);
  const result = await deps.db.execute(sql`
    insert into campaign_senders (store_id, wake_at, wake_token) values (${storeId}, ${when}, ${token})
    on conflict (store_id) do update set wake_at = excluded.wake_at, wake_token = excluded.wake_token
    where campaign_senders.wake_at is null or campaign_senders.wake_at > excluded.wake_at
       or campaign_senders.wake_at < ${lost}
    returning store_id`);
  if (rowsOf(result).length === 0) return;
  const data: SenderJobData = { storeId, wake: token };
  await deps.jobs.send(CAMPAIGN_QUEUES.sender, data, { startAfter: when });
}

/** A sender job starting: its wake is consumed (a newer wake keeps its own mark). */
export async function consumeWake(deps: Pick<Services, 'db'>, storeId: string, token?: string) {
  if (!token) return;
  await deps.db.execute(sql`update campaign_senders set wake_at = null, wake_token = null
    where store_id = ${storeId} and wake_token = ${token}`);
}

/** The sender's dependencies from the runtime's services. */
export function senderDepsFrom(services: Services): SenderDeps {
  const { env } = services;
  return {
    db: services.db,
    gateway: services.gateway,
    now: services.now,
    settings: campaignSettings(env, services.campaigns?.settings),
    publicBase: linkBase(env),
  };
}

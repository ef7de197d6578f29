/** The pix-recheck job: scheduled every minute, and a run finds a payment whose webhook was lost. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pixRecheckJob } from '../../server/jobs/pix-recheck';
import { requestCampaignCharge } from '../../server/services/payments/payments-service';
import { createOwner } from './fixtures';
import { createCampaign, createPixTestApp, type PixTestApp, paymentRow } from './pix-fixtures';

let t: PixTestApp;
beforeAll(async () => {
  t = await createPixTestApp({
    workers: true,
    jobs: [pixRecheckJob],
    jobsConfig: { pollingSeconds: 0.5, shutdownSeconds: 1, cronSeconds: 1 },
  });
  await t.runtime.start();
});
afterAll(() => t?.close());

it('is scheduled every minute', async () => {
  const { rows } = await t.runtime.database.executeSql(
    'select cron from pgboss.schedule where name = $1',
    [pixRecheckJob.name],
  );
  expect(rows).toEqual([{ cron: '* * * * *' }]);
});

it('a run marks paid a charge paid at the PSP whose webhook never came, and runs onPaid', async () => {
  const owner = await createOwner(t);
  const campaignId = await createCampaign(t, owner.storeId);
  const row = await requestCampaignCharge(t.deps, {
    storeId: owner.storeId,
    campaignId,
    recipientCount: 40,
  });
  t.fake.pay(row.txid); // no notification sent
  // The queue is a singleton: while the minute's scheduled run is queued or running, `send`
  // answers null. That run may have asked the PSP just before the payment above (and a charge is
  // asked about at most every 10 s), so let 11 s pass on the clock and ask for a run again until
  // one is accepted after it; the payment must then become 'pago' by the job.
  const started = Date.now();
  for (let i = 0; (await paymentRow(t, row.id))?.status !== 'pago'; i++) {
    if (Date.now() - started > 50_000) throw new Error('the job did not confirm the payment');
    if (i % 10 === 0) t.clock.now += 11_000; // every 2 s: at most ~5 minutes in 50 s, long before expiry
    await t.jobs.send(pixRecheckJob.name);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(t.paidCalls.map((p) => p.id)).toContain(row.id);
  // pg-boss polls every half second; on a loaded machine a run can still take a while.
}, 60_000);

/**
 * Campaigns through the real job queue: confirm → start job → sender job; a scheduled campaign
 * after a restart; a process killed mid-send (SIGKILL) then restarted; two runtimes at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/sql-rows';
import type { Runtime } from '../../server/runtime';
import { ensureConnection, instanceNameFor } from '../../server/services/whatsapp/connections';
import { addCustomers, manyCustomers, setStore } from './campaign-fixtures';
import {
  campaignStatus,
  durableDatabase,
  explainCampaign,
  killHard,
  openTestRuntime,
  runtimeEnv,
  startChild,
  waitFor,
} from './campaign-runtime-harness';
import { startFakeEvolution } from './evolution-fake';
import { createOwner, type Owner, send } from './fixtures';
import type { TestApp } from './test-app';

let fake: Awaited<ReturnType<typeof startFakeEvolution>>;
beforeAll(async () => {
  fake = await startFakeEvolution();
});
afterAll(async () => {
  await fake.close();
});

const asTestApp = (r: Runtime) => ({ app: r.app, db: r.services.db }) as unknown as TestApp;
const api = (r: Runtime, o: Owner, method: string, path: string, body?: unknown) =>
  send(asTestApp(r), method, path, { token: o.token, body });

async function seed(r: Runtime, customers: number) {
  const owner = await createOwner(asTestApp(r));
  await setStore(r.services.db, owner.storeId, { dailyCampaignLimit: 10 });
  await addCustomers(r.services.db, owner.storeId, manyCustomers(customers));
  await ensureConnection(r.services.db, owner.storeId, 'evolution');
  fake.instances.set(instanceNameFor(owner.storeId), 'open');
  return owner;
}

async function createCampaign(r: Runtime, owner: Owner, body: Record<string, unknown> = {}) {
  const c = await api(r, owner, 'POST', '/api/campanhas', {
    titulo: 'Promo',
    mensagem: 'Olá {nome}!',
    sendNow: true,
    ...body,
  });
  expect(c.status).toBe(201);
  return c.body.id as string;
}

/** Send requests per number for the store (received by the gateway, answered or not). */
function perNumber(storeId: string) {
  const counts = new Map<string, number>();
  for (const r of fake.requests) {
    if (!r.path.startsWith('/message/') || !r.path.endsWith(instanceNameFor(storeId))) continue;
    const n = (r.body as { number: string }).number;
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  return counts;
}

const enviado = (r: Runtime, id: string) => async () =>
  (await campaignStatus(r, id))?.status === 'enviado';

describe('campaigns on the job queue', () => {
  it('confirm → start job → sender job: every customer once', async () => {
    const db = await durableDatabase();
    const r = await openTestRuntime(runtimeEnv(db.env, fake.url), true);
    try {
      const owner = await seed(r, 12);
      const id = await createCampaign(r, owner);
      expect(
        (await api(r, owner, 'POST', '/api/campanhas/enviar', { campaignId: id })).status,
      ).toBe(200);
      await waitFor(enviado(r, id), 30_000, 'enviado');
      const counts = perNumber(owner.storeId);
      expect(counts.size).toBe(12);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect((await campaignStatus(r, id))?.sentCount).toBe(12);
    } finally {
      await r.stop();
      await db.drop();
    }
  }, 90_000);

  it('a scheduled campaign fires after a restart', async () => {
    const db = await durableDatabase();
    const env = runtimeEnv(db.env, fake.url);
    let r = await openTestRuntime(env, false);
    let owner: Owner;
    let id: string;
    try {
      owner = await seed(r, 3);
      const at = new Date(Date.now() + 2 * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 16);
      id = await createCampaign(r, owner, { sendNow: false, scheduledDate: at });
      await api(r, owner, 'POST', '/api/campanhas/enviar', { campaignId: id });
    } finally {
      await r.stop();
    }
    // While the server was down its time came: the sender's wake is due now.
    r = await openTestRuntime(env, false);
    await r.services.db.execute(sql`update campaigns set starts_at = now() - interval '1 second'`);
    await r.services.db.execute(
      sql`update pgboss.job set start_after = now() where name = 'campaign-sender'`,
    );
    await r.stop();
    r = await openTestRuntime(env, true);
    try {
      await waitFor(enviado(r, id), 30_000, 'scheduled campaign sent');
      expect(perNumber(owner.storeId).size).toBe(3);
    } finally {
      await r.stop();
      await db.drop();
    }
  }, 120_000);

  it('a process killed mid-send: after the restart every customer got it once, nobody twice', async () => {
    const db = await durableDatabase();
    const env = runtimeEnv(db.env, fake.url);
    let r = await openTestRuntime(env, false);
    const owner = await seed(r, 15);
    const id = await createCampaign(r, owner);
    await api(r, owner, 'POST', '/api/campanhas/enviar', { campaignId: id });
    await r.stop();
    const before = fake.requests.length;
    // The 6th send reaches the gateway and is never answered; the process dies right there.
    fake.options.holdSend = fake.requests.filter((q) => q.path.startsWith('/message/')).length + 5;
    const child = await startChild(env);
    try {
      await waitFor(async () => fake.held.length > 0, 60_000, 'the held send');
    } finally {
      await killHard(child);
    }
    fake.options.holdSend = -1;
    expect(fake.requests.length).toBeGreaterThan(before);
    r = await openTestRuntime(env, true);
    try {
      // The minute cron's tick (pg-boss schedules are its own tested feature): the sweep.
      await r.services.jobs.send('campaign-sweep');
      await waitFor(enviado(r, id), 60_000, 'enviado after restart', () => explainCampaign(r, id));
      const counts = perNumber(owner.storeId);
      expect(counts.size).toBe(15);
      // The send the dead process never heard back about is not sent again: the gateway's
      // findMessages shows it went out, so the report says sent.
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const report = await api(r, owner, 'GET', `/api/campanhas/${id}/relatorio`);
      expect(report.body.counts).toMatchObject({ sent: 15, unconfirmed: 0, pending: 0, failed: 0 });
    } finally {
      await r.stop();
      await db.drop();
    }
  }, 180_000);

  it('SIGTERM mid-campaign with slow gateway answers, then a restart: nobody twice', async () => {
    const db = await durableDatabase();
    // A grace shorter than two slow sends: the old sender kept claiming through it and had a
    // send cut off by the database closing.
    const env = { ...runtimeEnv(db.env, fake.url), JOBS_SHUTDOWN_SECONDS: '4' };
    let r = await openTestRuntime(env, false);
    const owner = await seed(r, 10);
    const id = await createCampaign(r, owner);
    await api(r, owner, 'POST', '/api/campanhas/enviar', { campaignId: id });
    await r.stop();
    const sends = () => perNumber(owner.storeId);
    fake.options.answerDelayMs = 2500;
    const child = await startChild(env);
    let exitedAfterMs = 0;
    try {
      // Two answered, the third in flight: the deploy's SIGTERM comes now.
      await waitFor(async () => sends().size >= 3, 60_000, 'three sends');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const t0 = Date.now();
      child.kill('SIGTERM');
      await exited;
      exitedAfterMs = Date.now() - t0;
    } finally {
      fake.options.answerDelayMs = 0;
      if (child.exitCode === null) await killHard(child);
    }
    // It waited for the send in flight (not for the whole campaign) and recorded it.
    expect(exitedAfterMs).toBeLessThan(15_000);
    const sentBeforeRestart = sends().size;
    expect(sentBeforeRestart).toBeLessThan(10);
    r = await openTestRuntime(env, false);
    const rows = await r.services.db.execute(
      sql`select status, count(*)::int as n from campaign_recipients group by status`,
    );
    const byStatus = Object.fromEntries(
      rowsOf<{ status: string; n: number }>(rows).map((x) => [x.status, Number(x.n)]),
    );
    expect(byStatus.sending ?? 0).toBe(0);
    expect(byStatus.sent).toBe(sentBeforeRestart);
    await r.stop();
    r = await openTestRuntime(env, true);
    try {
      await r.services.jobs.send('campaign-sweep');
      await waitFor(enviado(r, id), 60_000, 'enviado after restart', () => explainCampaign(r, id));
      const counts = perNumber(owner.storeId);
      expect(counts.size).toBe(10);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      const report = await api(r, owner, 'GET', `/api/campanhas/${id}/relatorio`);
      expect(report.body.counts).toMatchObject({ sent: 10, unconfirmed: 0, pending: 0 });
    } finally {
      await r.stop();
      await db.drop();
    }
  }, 180_000);

  it.runIf(process.env.TEST_DB === 'postgres')(
    'two runtimes on one PostgreSQL never send a customer twice',
    async () => {
      const db = await durableDatabase();
      const env = runtimeEnv(db.env, fake.url);
      const a = await openTestRuntime(env, true);
      const b = await openTestRuntime(env, true);
      try {
        const owners = [await seed(a, 10), await seed(a, 10)];
        const ids: string[] = [];
        for (const owner of owners) {
          const id = await createCampaign(a, owner);
          // Confirmed through both processes: the second call is the idempotent one.
          await api(a, owner, 'POST', '/api/campanhas/enviar', { campaignId: id });
          await api(b, owner, 'POST', '/api/campanhas/enviar', { campaignId: id });
          await b.services.jobs.send('campaign-sweep');
          ids.push(id);
        }
        for (const id of ids) await waitFor(enviado(a, id), 60_000, 'enviado');
        for (const owner of owners) {
          const counts = perNumber(owner.storeId);
          expect(counts.size).toBe(10);
          expect([...counts.values()].every((n) => n === 1)).toBe(true);
        }
      } finally {
        await Promise.all([a.stop(), b.stop()]);
        await db.drop();
      }
    },
    120_000,
  );
});

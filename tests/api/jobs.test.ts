/** The jobs seam: jobs survive a restart, stop() loses nothing in flight, the nightly clean-up. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/sessions';
import { idempotencyKeys, sessions } from '../../server/db/schema';
import { cleanupJob } from '../../server/jobs/cleanup';
import { defineJob, type JobDefinition } from '../../server/jobs/define';
import type { JobsConfig } from '../../server/jobs/runner';
import { openRuntime, type Runtime } from '../../server/runtime';
import type { JobState } from '../../server/types';
import { createOwner } from './fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';
import { copyPgliteTemplate, createPostgresDatabase } from './test-databases';

const fast: Partial<JobsConfig> = { pollingSeconds: 0.5, shutdownSeconds: 1, cronSeconds: 1 };
const onPostgres = process.env.TEST_DB === 'postgres';

/** Polls until `check` holds (the workers poll every half second). */
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 30_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Each test opens two runtimes on an on-disk database: slow on a loaded machine, hence 90 s.
describe('a runtime restarted on the same database', { timeout: 90_000 }, () => {
  let env: ReturnType<typeof testEnv>;
  let cleanup: () => Promise<void>;
  const open: Runtime[] = [];

  beforeAll(async () => {
    if (onPostgres) {
      const created = await createPostgresDatabase();
      env = testEnv({ DATABASE_URL: created.url });
      cleanup = created.drop;
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-jobs-'));
      copyPgliteTemplate(dir);
      env = testEnv({ DATA_DIR: dir });
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  afterEach(async () => {
    for (const runtime of open.splice(0)) await runtime.stop();
  });
  afterAll(() => cleanup?.());

  /** Which runtime ran which job: each runtime gets its own handler, labelled. */
  const ran: Array<{ by: string; id: string }> = [];

  async function start(label: string, run?: JobDefinition['run']) {
    const probe = defineJob<{ note: string }>({
      name: 'probe',
      queue: { retryLimit: 1, retryDelay: 60 },
      run:
        run ??
        (async (_data, { jobId }) => {
          ran.push({ by: label, id: jobId });
        }),
    });
    const runtime = await openRuntime({ env, workers: true, jobs: [probe], jobsConfig: fast });
    open.push(runtime);
    await runtime.start();
    return runtime;
  }

  async function stop(runtime: Runtime) {
    await runtime.stop();
    open.splice(open.indexOf(runtime), 1);
  }

  const stateIn = (runtime: Runtime, id: string): Promise<JobState | null> =>
    runtime.services.jobs.state('probe', id);

  it('runs a job scheduled for later after the runtime restarts', async () => {
    const first = await start('first');
    const id = await first.services.jobs.send('probe', { note: 'x' }, { startAfter: 2 });
    expect(id).toBeTruthy();
    await stop(first);
    expect(ran.some((r) => r.id === id)).toBe(false);

    const second = await start('second');
    await until(async () => (await stateIn(second, id as string)) === 'completed');
    expect(ran.filter((r) => r.id === id)).toEqual([{ by: 'second', id }]);
  });

  it('lets a job in flight finish within the grace on stop', async () => {
    let started = false;
    const first = await start('first', async (_data, { jobId }) => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 300));
      ran.push({ by: 'first', id: jobId });
    });
    const id = (await first.services.jobs.send('probe', { note: 'short' })) as string;
    await until(() => started);
    await stop(first);
    expect(ran.filter((r) => r.id === id)).toEqual([{ by: 'first', id }]);

    const second = await start('second');
    expect(await stateIn(second, id)).toBe('completed');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(ran.filter((r) => r.id === id)).toHaveLength(1);
  });

  it('hands a job still running after the grace back, and the next runtime runs it', async () => {
    let started = false;
    const first = await start('first', async (_data, { signal }) => {
      started = true;
      // Never finishes on its own: only the shutdown cuts it short.
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
    });
    const id = (await first.services.jobs.send('probe', { note: 'long' })) as string;
    await until(() => started);
    const stopping = Date.now();
    await stop(first);
    expect(Date.now() - stopping).toBeLessThan(5_000);

    const second = await start('second');
    await until(async () => (await stateIn(second, id)) === 'completed');
    expect(ran.filter((r) => r.id === id)).toEqual([{ by: 'second', id }]);
  });
});

describe('API tests without jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('do not install the queue until a job is sent', async () => {
    const installed = async () =>
      (
        await t.runtime.database.executeSql(
          `select 1 from information_schema.schemata where schema_name = 'pgboss'`,
        )
      ).rows.length;
    expect(await installed()).toBe(0);
    expect(await t.jobs.send('nightly-cleanup')).toBeTruthy();
    expect(await installed()).toBe(1);
  });

  it.skipIf(onPostgres)(
    'refuse, rather than hang, a job sent inside a transaction on PGlite',
    async () => {
      const inside = t.db.transaction(async () => {
        await t.jobs.send('nightly-cleanup');
      });
      await expect(inside).rejects.toThrow(/after the transaction commits/);
      // The connection is still usable afterwards.
      expect(await t.jobs.send('nightly-cleanup')).toBeTruthy();
    },
  );
});

describe('nightly clean-up', () => {
  let t: TestApp;
  const now = new Date('2026-11-23T06:30:00Z');

  beforeAll(async () => {
    t = await createTestApp(
      { now: () => now },
      { workers: true, jobs: [cleanupJob], jobsConfig: fast },
    );
    await t.runtime.start();
  });
  afterAll(() => t?.close());

  it('is scheduled every night at 03:30 in Brasília', async () => {
    const { rows } = await t.runtime.database.executeSql(
      'select cron, timezone from pgboss.schedule where name = $1',
      [cleanupJob.name],
    );
    expect(rows).toEqual([{ cron: '30 3 * * *', timezone: 'America/Sao_Paulo' }]);
  });

  it('deletes expired sessions and Idempotency-Keys older than 30 days, nothing else', async () => {
    const owner = await createOwner(t);
    const day = 24 * 60 * 60 * 1000;
    await t.db.insert(sessions).values([
      {
        tokenHash: hashToken('expirado-ontem-aaaaaaaaaaaa'),
        userId: owner.userId,
        expiresAt: new Date(now.getTime() - day),
      },
      {
        tokenHash: hashToken('valido-amanha-aaaaaaaaaaaaa'),
        userId: owner.userId,
        expiresAt: new Date(now.getTime() + day),
      },
    ]);
    const key = (name: string, ageDays: number) => ({
      storeId: owner.storeId,
      key: name,
      route: 'POST /api/products',
      status: 201,
      body: {},
      createdAt: new Date(now.getTime() - ageDays * day),
    });
    await t.db.insert(idempotencyKeys).values([key('velha', 31), key('recente', 29)]);

    const id = (await t.jobs.send(cleanupJob.name)) as string;
    await until(async () => (await t.jobs.state(cleanupJob.name, id)) === 'completed');

    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.storeId, owner.storeId));
    expect(left.map((k) => k.key)).toEqual(['recente']);
    const tokens = await t.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, owner.userId));
    expect(tokens.map((s) => s.tokenHash)).not.toContain(hashToken('expirado-ontem-aaaaaaaaaaaa'));
    expect(tokens.map((s) => s.tokenHash)).toContain(hashToken('valido-amanha-aaaaaaaaaaaaa'));
    // The owner's seeded session is still valid: signed-in users notice nothing.
    expect((await t.call('GET', '/api/auth/me', undefined, owner.token)).status).toBe(200);
  });
});

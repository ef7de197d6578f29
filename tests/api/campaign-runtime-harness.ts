/** Durable databases, runtimes with workers and child processes for the campaign job tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { campaigns } from '../../server/db/schema';
import { rowsOf } from '../../server/db/sql-rows';
import { readEnv } from '../../server/env';
import { openRuntime, type Runtime } from '../../server/runtime';
import { API_KEY } from './evolution-fake';
import { copyPgliteTemplate, createPostgresDatabase } from './test-databases';

export const PUBLIC = 'https://tali.exemplo.com.br';

/** A database that outlives a runtime: a PGlite folder, or a new PostgreSQL database. */
export async function durableDatabase(): Promise<{
  kind: 'postgres' | 'pglite';
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DB === 'postgres') {
    const created = await createPostgresDatabase();
    return { kind: 'postgres', env: { DATABASE_URL: created.url }, drop: created.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-campaign-'));
  copyPgliteTemplate(dir);
  return {
    kind: 'pglite',
    env: { DATA_DIR: dir },
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

export function runtimeEnv(dbEnv: Record<string, string>, evolutionUrl: string) {
  return {
    ...dbEnv,
    PUBLIC_URL: PUBLIC,
    EVOLUTION_API_URL: evolutionUrl,
    EVOLUTION_API_KEY: API_KEY,
    CAMPAIGN_SEND_MIN_MS: '40',
    CAMPAIGN_SEND_MAX_MS: '80',
    CAMPAIGN_SEND_WINDOW: '00:00-24:00',
    CAMPAIGN_MAX_PER_HOUR: '100000',
    JOBS_POLLING_SECONDS: '0.5',
    JOBS_MAINTENANCE_SECONDS: '5',
    JOBS_SHUTDOWN_SECONDS: '2',
    // The send path through the job queue; the Pix step in front of it: pix-campaigns.test.ts.
    PIX_PROVIDER: 'off',
  };
}

export async function openTestRuntime(env: Record<string, string>, workers: boolean) {
  const runtime = await openRuntime({
    env: readEnv({ NODE_ENV: 'test', ...env }),
    workers,
    services: { campaigns: { settings: { leaseMs: 3000 } } },
  });
  if (workers) await runtime.start();
  return runtime;
}

/** A child process running a runtime with workers; resolves once it says 'ready'. */
export async function startChild(env: Record<string, string>): Promise<ChildProcess> {
  // node itself (not npx → tsx → node), so SIGKILL hits the process that holds the database.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/campaign-child.ts'], {
    env: { ...process.env, ...env, TEST_LEASE_MS: '3000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d) => {
    err += String(d);
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child not ready: ${err}`)), 60_000);
    child.stdout?.on('data', (d) => {
      if (String(d).includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`child exited ${code}: ${err}`)));
  });
  return child;
}

/** SIGKILL: no shutdown, no checkpoint, nothing released. */
export async function killHard(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

export async function waitFor<T>(
  what: () => Promise<T | null | false>,
  ms: number,
  label: string,
  explain?: () => Promise<string>,
) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > end) {
      const why = explain ? `\n${await explain().catch((e) => `(no explanation: ${e})`)}` : '';
      throw new Error(`timed out waiting for ${label}${why}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function campaignStatus(runtime: Runtime, id: string) {
  const [row] = await runtime.services.db
    .select({ status: campaigns.status, sentCount: campaigns.sentCount })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row;
}

/**
 * Where a campaign stands, for a failure message: its row, its recipients by status, the
 * store's sender wake and lease, and the job queue's sender and sweep jobs.
 */
export async function explainCampaign(runtime: Runtime, id: string): Promise<string> {
  const db = runtime.services.db;
  const rows = async (query: ReturnType<typeof sql>) =>
    JSON.stringify(rowsOf(await db.execute(query)));
  return [
    `campaign: ${await rows(sql`select status, sent_count, pause_reason, pause_kind, paused_until, starts_at, failure_streak from campaigns where id = ${id}`)}`,
    `recipients: ${await rows(sql`select status, count(*)::int as n from campaign_recipients where campaign_id = ${id} group by status`)}`,
    `senders: ${await rows(sql`select * from campaign_senders`)}`,
    `jobs: ${await rows(sql`select name, state, retry_count, start_after, started_on, completed_on from pgboss.job where name like 'campaign-%' order by created_on`)}`,
    `now: ${new Date().toISOString()}`,
  ].join('\n');
}

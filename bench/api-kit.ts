/** Shared by the API benches: a server child process (as `npm start` runs it) and a throwaway PostgreSQL database. */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../tests/e2e/server';

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Child = { url: string; pid: number; stop(): Promise<void> };

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`no answer at ${url}`);
}

export async function startChild(
  script: string,
  env: Record<string, string>,
  probe: string,
  cwd = process.cwd(),
): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...env,
  };
  // An empty value means "unset" (e.g. DATABASE_URL for the embedded database).
  for (const [key, value] of Object.entries(merged)) if (value === '') delete merged[key];
  const child = spawn('npx', ['tsx', script], {
    cwd,
    env: merged,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitFor(`${url}${probe}`, child);
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      if (child.pid && child.exitCode === null) {
        process.kill(-child.pid, 'SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      // npx exits before the server under it has drained and closed its database: wait for the
      // whole process group, so the next measurement does not share the CPU with a shutdown.
      for (let i = 0; child.pid && i < 300; i++) {
        try {
          process.kill(-child.pid, 0);
        } catch {
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

export async function pgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tali_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_BASE });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * /healthz and /readyz (issue 25): what a load balancer or an uptime check asks. Readiness says
 * what is wrong (database, migrations, jobs, shutdown) with a 503; on SIGTERM it fails first,
 * then the server drains.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableDatabase } from './campaign-runtime-harness';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const readyz = async (app: TestApp['app']) => {
  const res = await app.request('/readyz');
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
};

describe('health and readiness', () => {
  it('/healthz answers while the process runs, without a session', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('/readyz is 200 with every check ok (jobs off in a process without workers)', async () => {
    const ready = await readyz(t.app);
    expect(ready.status).toBe(200);
    expect(ready.cache).toBe('no-store');
    expect(ready.body).toEqual({
      ok: true,
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        jobs: { ok: true, state: 'off' },
        shutdown: { ok: true },
      },
    });
  });

  it('/readyz is 503 until the jobs run, 200 while they do, 503 once draining', async () => {
    const w = await createTestApp(undefined, { workers: true, jobs: [] });
    try {
      const before = await readyz(w.app);
      expect(before.status).toBe(503);
      expect(before.body.checks.jobs).toEqual({
        ok: false,
        problem: 'tarefas em segundo plano ainda iniciando',
      });
      await w.runtime.start();
      const running = await readyz(w.app);
      expect(running.status).toBe(200);
      expect(running.body.checks.jobs).toEqual({ ok: true, state: 'running' });
      w.runtime.markDraining();
      const draining = await readyz(w.app);
      expect(draining.status).toBe(503);
      expect(draining.body.ok).toBe(false);
      expect(draining.body.checks.shutdown.problem).toMatch(/encerrando/);
      // Liveness is not readiness: the process still answers.
      expect((await w.app.request('/healthz')).status).toBe(200);
    } finally {
      await w.close();
    }
  });

  it('/readyz is 503 when a migration of this build is not applied', async () => {
    const m = await createTestApp();
    try {
      await m.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const ready = await readyz(m.app);
      expect(ready.status).toBe(503);
      expect(ready.body.checks.database).toEqual({ ok: true });
      expect(ready.body.checks.migrations.ok).toBe(false);
      expect(ready.body.checks.migrations.problem).toMatch(/migrações pendentes/);
    } finally {
      await m.close();
    }
  });

  it('/readyz is 503 (never a 500) when the database is gone', async () => {
    const d = await createTestApp();
    await d.close();
    const ready = await readyz(d.app);
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).toEqual({ ok: false, problem: expect.any(String) });
    expect((await d.app.request('/healthz')).status).toBe(200);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('SIGTERM on the real server (server/main.ts)', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('fails /readyz first, keeps answering during the delay, then drains and exits 0', async () => {
    const database = await durableDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        ...database.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        STATIC_DIR: '/nonexistent',
        PIX_PROVIDER: 'off',
        JOBS_POLLING_SECONDS: '0.5',
        JOBS_SHUTDOWN_SECONDS: '1',
        SHUTDOWN_DELAY_SECONDS: '8',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += String(d);
    });
    child.stderr?.on('data', (d) => {
      out += String(d);
    });
    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    try {
      const deadline = Date.now() + 150_000;
      for (;;) {
        const res = await fetch(`${base}/readyz`).catch(() => null);
        if (res?.status === 200) break;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(out);
        await new Promise((r) => setTimeout(r, 200));
      }
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      // Both asked at once, well inside the delay (8 s: at load 7 on two cores a readyz then a
      // healthz one after the other came after 5 s had passed and found the server gone).
      const [during, health] = await Promise.all([
        fetch(`${base}/readyz`),
        fetch(`${base}/healthz`),
      ]);
      expect(during.status).toBe(503);
      expect((await during.json()).checks.shutdown.ok).toBe(false);
      // Still serving during the delay: requests in flight and late ones are answered.
      expect(health.status).toBe(200);
      expect(await exited).toBe(0);
      expect(out).toContain('encerrado');
      await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    } finally {
      await database.drop();
    }
  }, 200_000);
});

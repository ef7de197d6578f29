/**
 * GET /healthz: the process answers (liveness). GET /readyz: it should get traffic (readiness):
 * the database answers, every migration of this build is applied, the jobs run (when this
 * process runs them) and it is not shutting down. 503 with what is wrong otherwise. Neither
 * needs a session and neither says more than ok / what is wrong (no versions, no addresses).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { type Db, migrationsFolder } from '../db/client';
import type { AppEnv } from '../types';
import type { ProcessStatus } from './status';

/** A database that does not answer within this is as good as down for a readiness probe. */
const DB_TIMEOUT_MS = 2_000;

const journalFile = path.join(migrationsFolder, 'meta', '_journal.json');

/** The `when` of this build's last migration (drizzle stores it as created_at when applied). */
function lastMigrationOfBuild(): number {
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

type Check = { ok: boolean; problem?: string };

async function checkDatabase(db: Db, lastMigration: number): Promise<[Check, Check]> {
  try {
    const result = await withTimeout(
      db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`),
      DB_TIMEOUT_MS,
    );
    const rows = (result as unknown as { rows: Array<{ last: string | null }> }).rows;
    const applied = Number(rows[0]?.last ?? 0);
    const migrations: Check =
      applied >= lastMigration
        ? { ok: true }
        : { ok: false, problem: 'migrações pendentes: reinicie o servidor para aplicá-las' };
    return [{ ok: true }, migrations];
  } catch (error) {
    const problem =
      (error as Error).message === 'timeout'
        ? `banco de dados não respondeu em ${DB_TIMEOUT_MS / 1000} s`
        : 'banco de dados indisponível';
    return [
      { ok: false, problem },
      { ok: false, problem: 'não verificado (banco indisponível)' },
    ];
  }
}

const JOBS_PROBLEM: Record<string, string> = {
  starting: 'tarefas em segundo plano ainda iniciando',
  failed: 'tarefas em segundo plano não iniciaram',
  stopped: 'tarefas em segundo plano paradas',
};

export function healthRoutes(status: ProcessStatus) {
  const lastMigration = lastMigrationOfBuild();
  const app = new Hono<AppEnv>();
  const noStore = { 'Cache-Control': 'no-store' };

  app.get('/healthz', (c) => c.json({ ok: true }, 200, noStore));

  app.get('/readyz', async (c) => {
    const [database, migrations] = await checkDatabase(c.var.deps.db, lastMigration);
    const jobsProblem = JOBS_PROBLEM[status.jobs];
    const checks = {
      database,
      migrations,
      jobs: jobsProblem ? { ok: false, problem: jobsProblem } : { ok: true, state: status.jobs },
      shutdown: status.draining
        ? { ok: false, problem: 'encerrando: não envie novas requisições' }
        : { ok: true },
    };
    const ok = Object.values(checks).every((check) => check.ok);
    return c.json({ ok, checks }, ok ? 200 : 503, noStore);
  });

  return app;
}

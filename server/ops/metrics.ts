/**
 * GET /metrics in Prometheus' text format (prom-client), off (404) unless METRICS_TOKEN is set,
 * then only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise).
 *
 * - HTTP: requests and their duration by method, route pattern (`/api/customers/:id`, never the
 *   path itself, so ids never become series) and status; sync replay batches by status.
 * - Read from the database at scrape time (so every process reports the same totals, and nothing
 *   is lost on a restart): jobs by queue and state (pg-boss's job table: `created`/`retry` is the
 *   queue's depth, `failed` its failures), campaign messages by outcome, payments by state.
 * - The process itself (prom-client's defaults: memory, CPU, event-loop lag).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Hono, type MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { campaignRecipients, payments } from '../db/schema';
import { errorSummary, logger } from '../logger';
import type { AppEnv } from '../types';

type Rows<T> = { rows: T[] };

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export type Metrics = ReturnType<typeof createMetrics>;

/** One registry per app (tests build many apps in one process; nothing is global). */
export function createMetrics(db: Db, token: string | undefined) {
  const registry = new Registry();
  const enabled = Boolean(token);
  if (enabled) collectDefaultMetrics({ register: registry, prefix: 'tali_' });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'tali_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tali_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const replayBatches = new Counter({
    name: 'tali_sync_replay_batches_total',
    help: 'Offline replay batches (POST /api/sync/replay) answered, by status',
    labelNames: ['status'],
    registers: [registry],
  });

  const failedRead = (what: string) => (error: unknown) => {
    logger.warn('metrics: could not read', { what, error: errorSummary(error) });
  };

  new Gauge({
    name: 'tali_jobs',
    help: 'Background jobs by queue and state (created/retry: waiting; failed: gave up)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      // pg-boss creates its schema on first use: a process that never queued a job has none.
      const [exists] = await rows<{ ok: boolean }>(
        db,
        sql`select to_regclass('pgboss.job') is not null as ok`,
      );
      if (!exists?.ok) return;
      const counts = await rows<{ name: string; state: string; n: number }>(
        db,
        sql`select name, state::text as state, count(*)::int as n
            from pgboss.job where left(name, 2) <> '__' group by name, state`,
      );
      for (const r of counts) this.set({ queue: r.name, state: r.state }, r.n);
    },
  });
  /** A gauge of a table's rows by their status column, read at scrape time. */
  const statusGauge = (name: string, help: string, label: string, table: PgTable) =>
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        this.reset();
        const counts = await rows<{ status: string; n: number }>(
          db,
          sql`select status, count(*)::int as n from ${table} group by status`,
        ).catch(failedRead(name));
        for (const r of counts ?? []) this.set({ [label]: r.status }, r.n);
      },
    });
  statusGauge(
    'tali_campaign_messages',
    'Campaign messages by outcome (pending, sending, sent, failed, skipped)',
    'outcome',
    campaignRecipients,
  );
  statusGauge(
    'tali_payments',
    'Campaign Pix charges by state (pendente, pago, expirado, cancelado, devolvido)',
    'state',
    payments,
  );

  /** Counts every answer under its route pattern; mounted first, so it sees the final status. */
  const track: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!enabled) return next();
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const route = routePath(c) || 'unmatched';
      const labels = { method: c.req.method, route, status: String(c.res.status) };
      requests.inc(labels);
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      if (route === '/api/sync/replay') replayBatches.inc({ status: labels.status });
    }
  };

  const expected = token ? digest(token) : null;
  const routes = new Hono<AppEnv>();
  routes.get('/metrics', async (c) => {
    if (!expected) return c.json({ message: 'Rota não encontrada' }, 404);
    const header = c.req.header('authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !timingSafeEqual(digest(given), expected)) {
      c.header('WWW-Authenticate', 'Bearer');
      return c.json({ message: 'Token de métricas ausente ou inválido' }, 401);
    }
    const text = await registry.metrics();
    return c.text(text, 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
  });

  return { registry, track, routes };
}

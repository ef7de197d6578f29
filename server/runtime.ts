/**
 * Composition root: opens the database, builds the services once (db, env, clock, WhatsApp
 * gateway, jobs) and the HTTP app on them, and starts / stops the background workers. Used by
 * server/main.ts and by the API tests, so both run the same wiring.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { createApp } from './app';
import { lockDataDir } from './data-dir-lock';
import { type Database, openPglite, openPostgres } from './db/client';
import type { Env } from './env';
import type { JobDefinition } from './jobs/define';
import { jobDefinitions } from './jobs/index';
import { createJobRunner, type JobsConfig } from './jobs/runner';
import { tightenDir } from './ops/file-modes';
import { processStatus } from './ops/status';
import { settleOrderMessages } from './services/orders/order-messages-send';
import { createPaymentGatewayFromEnv } from './services/pix/create-gateway';
import { preparePushKeys } from './services/push/keys';
import { settleKicked } from './services/push/outbox';
import { createGatewayFromEnv } from './services/whatsapp/create-gateway';
import type { Services } from './types';

/** How long a stop waits for background order notifications before closing the database. */
const KICKED_GRACE_MS = 5_000;

export type RuntimeOptions = {
  env: Env;
  /** An already opened database (tests); by default opened from env (see openDatabase). */
  database?: Database;
  /** Replacements for tests: a fixed clock, a gateway stand-in… */
  services?: Partial<Omit<Services, 'jobs'>>;
  /** Job definitions; by default server/jobs/index.ts. */
  jobs?: readonly JobDefinition[];
  /**
   * Run workers and schedules (the server). Without, jobs can be sent but nothing runs them:
   * what most API tests need, at no cost until a job is sent.
   */
  workers?: boolean;
  /** Overrides of the JOBS_* settings from env (tests use short intervals). */
  jobsConfig?: Partial<JobsConfig>;
  /** Folder of the built PWA to serve for non-API paths; tests leave it out. */
  staticDir?: string;
};

export type Runtime = Awaited<ReturnType<typeof openRuntime>>;

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR under its one-process lock. */
export async function openDatabase(env: Env): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  // The lock comes first: opening PGlite from two processes would corrupt the files.
  const release = lockDataDir(env.DATA_DIR);
  try {
    // The folder and the files a server before this one left readable by others (PG_VERSION 0666).
    tightenDir(env.DATA_DIR);
    const database = await openPglite(env.DATA_DIR);
    return {
      ...database,
      async close() {
        try {
          await database.close();
          // And the files PGlite created (0666) while this one ran.
          tightenDir(env.DATA_DIR);
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openRuntime(options: RuntimeOptions) {
  const { env } = options;
  const database = options.database ?? (await openDatabase(env));
  const db = options.services?.db ?? database.db;
  // Web Push signs with one key pair per database: env's, or one made now and kept.
  await preparePushKeys(db, env).catch(async (error: unknown) => {
    if (!options.database) await database.close();
    throw error;
  });

  const jobs = createJobRunner({
    executeSql: database.executeSql,
    definitions: options.jobs ?? jobDefinitions,
    workers: options.workers ?? false,
    config: {
      pollingSeconds: env.JOBS_POLLING_SECONDS,
      maintenanceSeconds: env.JOBS_MAINTENANCE_SECONDS,
      shutdownSeconds: env.JOBS_SHUTDOWN_SECONDS,
      cronSeconds: 30,
      ...options.jobsConfig,
    },
    services: () => services,
  });

  // Aborted first thing in stop(): kicked background work ends its pauses and claims nothing new.
  const stopping = new AbortController();
  const services: Services = {
    db,
    env,
    now: () => new Date(),
    stopping: stopping.signal,
    ...options.services,
    gateway: options.services?.gateway ?? createGatewayFromEnv(db, env),
    jobs,
    pix: null,
  };
  services.pix =
    options.services?.pix !== undefined
      ? options.services.pix
      : createPaymentGatewayFromEnv(db, env, () => services.now());

  const status = processStatus(options.workers ?? false);
  const app = createApp(services, { staticDir: options.staticDir, status });
  let stopped: Promise<void> | null = null;

  return {
    app,
    services,
    database,
    /** What /readyz reports: draining, jobs. */
    status,
    /** Starts the background workers and schedules (when `workers`); HTTP is the caller's. */
    async start() {
      try {
        await jobs.start();
      } catch (error) {
        if (status.jobs === 'starting') status.jobs = 'failed';
        throw error;
      }
      if (status.jobs === 'starting') status.jobs = 'running';
    },
    /** /readyz answers 503 from now on (SIGTERM: called first, before anything stops). */
    markDraining() {
      status.draining = true;
    },
    /**
     * Stops taking jobs and tells the running ones to start nothing new (a campaign sender
     * claims no further message), lets jobs in flight finish within JOBS_SHUTDOWN_SECONDS (the
     * rest are handed back to the queue and run at the next start; a handler still running is
     * waited for up to one more grace, so a send in flight is recorded), then checkpoints and
     * closes the database and releases the data-dir lock. `drained`: what must end before the database
     * closes (the HTTP server's in-flight requests); it runs alongside the jobs' grace.
     * Safe to call twice.
     */
    stop(drained: Promise<unknown> = Promise.resolve()): Promise<void> {
      status.draining = true;
      stopping.abort();
      if (status.jobs !== 'off') status.jobs = 'stopped';
      stopped ??= (async () => {
        try {
          // An order's push and its customer messages go in the background right after its
          // answer: once the requests have drained (no new ones), let those record their
          // outcome, a few seconds at most and alongside the jobs' grace, rather than fail on a
          // closed database. One still pending goes with its outbox's job at the next start.
          const kicked = drained.then(() =>
            Promise.race([
              Promise.all([settleKicked(), settleOrderMessages()]),
              wait(KICKED_GRACE_MS, undefined, { ref: false }),
            ]),
          );
          await Promise.all([jobs.stop(), kicked]);
        } finally {
          await database.close();
        }
      })();
      return stopped;
    },
  };
}

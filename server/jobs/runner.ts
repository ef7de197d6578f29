/** Runs the jobs queue (pg-boss 10) on the app's own database: queues, schedules, workers, stop. */
import PgBoss from 'pg-boss';
import type { ExecuteSql } from '../db/client';
import { errorSummary, logger } from '../logger';
import type { JobState, Jobs, Services } from '../types';
import { type JobDefinition, JobHandedBack } from './define';
import { trackSql } from './tracked-sql';

export type JobsConfig = {
  /** Seconds between a worker's polls for due jobs (pg-boss minimum: 0.5). */
  pollingSeconds: number;
  /** Seconds between pg-boss maintenance runs (stuck jobs retried, old ones archived). */
  maintenanceSeconds: number;
  /** On stop, how long jobs in flight get to finish before they are handed back. */
  shutdownSeconds: number;
  /** Seconds between checks of the cron schedules (1–45). */
  cronSeconds: number;
};

export const DEFAULT_TZ = 'America/Sao_Paulo';
const DEFAULT_RETRY = { retryLimit: 3, retryDelay: 30, retryBackoff: true };

export type JobRunner = Jobs & {
  /** Creates the queues and schedules and starts the workers. */
  start(): Promise<void>;
  /** Stops polling, lets jobs in flight finish (or hands them back), waits for the last queries. */
  stop(): Promise<void>;
};

class HandedBack extends Error {
  constructor() {
    super('shutting down: job handed back to the queue');
  }
}

/**
 * Without workers (API tests, a process that only serves HTTP) pg-boss starts on first use and
 * only queues jobs: nothing polls, no maintenance runs, and tests that never send a job pay nothing.
 */
export function createJobRunner(options: {
  executeSql: ExecuteSql;
  definitions: readonly JobDefinition[];
  config: JobsConfig;
  workers: boolean;
  services: () => Services;
}): JobRunner {
  const { definitions, config, workers } = options;
  // Every query pg-boss issues is tracked, so stop() can wait for the last ones (a poll in flight,
  // an unawaited complete) before the database closes under them.
  const tracked = trackSql(options.executeSql);
  const shutdown = new AbortController();
  /** Aborted when stop() begins: handlers start nothing new (see JobContext.stopping). */
  const stoppingSignal = new AbortController();
  /** Handlers still running, including ones handed back at the grace: awaited before the end. */
  const running = new Set<Promise<void>>();
  const handedBack = new Promise<never>((_, reject) =>
    shutdown.signal.addEventListener('abort', () => reject(new HandedBack())),
  );
  // Observed by the races below; this only keeps a shutdown with no job running from
  // raising an unhandled rejection.
  handedBack.catch(() => {});
  let stopping = false;
  /** Jobs refused or cut short by the shutdown, per queue: returned to the queue by stop(). */
  const handedBackIds = new Map<string, string[]>();
  const handBack = (name: string, id: string) => {
    handedBackIds.set(name, [...(handedBackIds.get(name) ?? []), id]);
    return new HandedBack();
  };
  let booting: Promise<PgBoss> | null = null;

  async function boot(): Promise<PgBoss> {
    const boss = new PgBoss({
      db: {
        executeSql: (text, values) =>
          tracked.executeSql(text, values) as Promise<{ rows: never[] }>,
      },
      supervise: workers,
      schedule: workers,
      maintenanceIntervalSeconds: config.maintenanceSeconds,
      pollingIntervalSeconds: config.pollingSeconds,
      cronMonitorIntervalSeconds: config.cronSeconds,
      cronWorkerIntervalSeconds: config.cronSeconds,
      ...DEFAULT_RETRY,
    });
    // Unhandled, an 'error' event would crash the process; pg-boss retries on its own.
    boss.on('error', (error) => logger.warn('jobs queue error', { error: errorSummary(error) }));
    await boss.start();
    for (const definition of definitions) {
      const settings = { ...DEFAULT_RETRY, ...definition.queue };
      settings.retryLimit = Math.max(1, settings.retryLimit);
      await boss.createQueue(definition.name, { name: definition.name, ...settings });
      await boss.updateQueue(definition.name, { name: definition.name, ...settings });
    }
    return boss;
  }

  function ready(): Promise<PgBoss> {
    if (stopping) return Promise.reject(new Error('jobs queue stopped'));
    booting ??= boot();
    return booting;
  }

  async function runJob(definition: JobDefinition, job: PgBoss.Job<object>): Promise<void> {
    if (stopping) throw handBack(definition.name, job.id);
    const run = definition.run(job.data, {
      services: options.services(),
      jobId: job.id,
      signal: shutdown.signal,
      stopping: stoppingSignal.signal,
    });
    const settled = run.then(
      () => {},
      () => {},
    );
    running.add(settled);
    void settled.then(() => running.delete(settled));
    // Past the shutdown grace the job is handed back while its handler may still be running.
    run.catch((error) => {
      if (shutdown.signal.aborted)
        logger.debug('handed-back job ended', { job: definition.name, error: errorSummary(error) });
    });
    try {
      await Promise.race([run, handedBack]);
    } catch (error) {
      if (error instanceof HandedBack || error instanceof JobHandedBack)
        throw handBack(definition.name, job.id);
      logger.warn('job failed', { job: definition.name, id: job.id, error: errorSummary(error) });
      throw error;
    }
  }

  /**
   * pg-boss records a handed-back job as a failed attempt, due after its retry delay (or failed
   * for good on its last attempt). A shutdown is not the job's fault: give the attempt back and
   * make it due now, so the next start runs it at once. (pg-boss 10's job table, schema pgboss.)
   */
  async function returnHandedBack() {
    for (const [name, ids] of handedBackIds) {
      await options.executeSql(
        `UPDATE pgboss.job SET state = 'retry', start_after = now(), completed_on = NULL,
           retry_limit = retry_limit + 1
         WHERE name = $1 AND id = ANY($2::uuid[]) AND state IN ('retry', 'failed')`,
        [name, ids],
      );
    }
    handedBackIds.clear();
  }

  return {
    async start() {
      if (!workers) return;
      const boss = await ready();
      for (const definition of definitions) {
        if (definition.schedule) {
          const { cron, tz = DEFAULT_TZ, data = {} } = definition.schedule;
          await boss.schedule(definition.name, cron, data, { tz });
        }
        await boss.work<object>(
          definition.name,
          { pollingIntervalSeconds: config.pollingSeconds, batchSize: 1 },
          async ([job]) => {
            if (job) await runJob(definition, job);
          },
        );
      }
      logger.info('jobs started', { queues: definitions.map((d) => d.name) });
    },

    async stop() {
      if (stopping) return;
      stopping = true;
      stoppingSignal.abort();
      if (!booting) return;
      // A boot that failed was reported where it was awaited: nothing to stop then.
      const boss = await booting.catch(() => null);
      if (!boss) return;
      const grace = setTimeout(() => shutdown.abort(), config.shutdownSeconds * 1000);
      // pg-boss waits for jobs in flight; ours reject at the grace (handed back) so it never
      // reaches its own timeout. It then fails them to 'retry': the next start runs them.
      await boss.stop({ graceful: true, wait: true, timeout: (config.shutdownSeconds + 5) * 1000 });
      clearTimeout(grace);
      shutdown.abort();
      // A handler past the grace (a send still waiting for the gateway) still gets to record
      // what it did before the database closes: waited for up to one more grace.
      if (running.size > 0) {
        let late: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.all(running),
          new Promise((r) => {
            late = setTimeout(r, config.shutdownSeconds * 1000);
          }),
        ]);
        clearTimeout(late);
      }
      await tracked.settle();
      await returnHandedBack();
    },

    async send(name, data = {}, sendOptions = {}) {
      const boss = await ready();
      return boss.send(name, data, sendOptions);
    },
    async cancel(name, id) {
      await (await ready()).cancel(name, id);
    },
    async schedule(name, cron, data = {}, scheduleOptions = {}) {
      await (await ready()).schedule(name, cron, data, { tz: scheduleOptions.tz ?? DEFAULT_TZ });
    },
    async unschedule(name) {
      await (await ready()).unschedule(name);
    },
    async state(name, id): Promise<JobState | null> {
      const job = await (await ready()).getJobById(name, id, { includeArchive: true });
      return job?.state ?? null;
    },
  };
}

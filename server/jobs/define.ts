/** What a background job is: its queue name and settings, an optional cron, and its handler. */
import type { Services } from '../types';

export type JobContext = {
  services: Services;
  jobId: string;
  /**
   * Aborted when the runtime stops and the shutdown grace is over: the job has been handed back
   * to the queue and will run again, so stop early. Handlers must be safe to run twice.
   */
  signal: AbortSignal;
  /**
   * Aborted as soon as the runtime starts stopping (SIGTERM), before the grace: start nothing
   * new (a campaign sender claims no further message), finish and record what is in flight,
   * then return. Throw JobHandedBack to have the job run again at the next start.
   */
  stopping: AbortSignal;
};

/** Thrown by a handler that stopped early for a shutdown: the job is queued again, due at once. */
export class JobHandedBack extends Error {
  constructor() {
    super('shutting down: job handed back to the queue');
    this.name = 'JobHandedBack';
  }
}

export type QueueSettings = {
  /** Attempts after the first; at least 1, since a job handed back at shutdown uses one. */
  retryLimit?: number;
  /** Seconds before a retry; with retryBackoff, doubled each time. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job active longer than this (a crashed process) is failed and retried. */
  expireInSeconds?: number;
  /** 'singleton' / 'stately': one job per singletonKey (see pg-boss's queue policies). */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
};

export type JobDefinition<T extends object = object> = {
  /** The queue name: kebab-case, unique, stable (jobs in the database refer to it). */
  name: string;
  queue?: QueueSettings;
  /** Recurring runs: cron in the given time zone (default America/Sao_Paulo). */
  schedule?: { cron: string; tz?: string; data?: T };
  run(data: T, context: JobContext): Promise<void>;
};

/** Types a job's data once, where it is defined. */
export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

/**
 * What /readyz reports besides the database: whether this process is draining (SIGTERM) and
 * whether its background jobs run. Owned by the runtime (server/runtime.ts), read by the routes.
 */
export type JobsStatus = 'off' | 'starting' | 'running' | 'failed' | 'stopped';

export type ProcessStatus = {
  /** Set first on SIGTERM: /readyz answers 503 so a load balancer stops sending requests here. */
  draining: boolean;
  /** 'off': this process runs no workers (tests, an HTTP-only process); not a failure. */
  jobs: JobsStatus;
};

export const processStatus = (workers: boolean): ProcessStatus => ({
  draining: false,
  jobs: workers ? 'starting' : 'off',
});

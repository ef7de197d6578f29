/** Types shared by the server's routes and jobs: injected services and per-request variables. */
import type { SendWindow } from '../src/domain/zoned-time';
import type { Db } from './db/client';
import type { payments } from './db/schema';
import type { Env } from './env';
import type { PaymentGateway } from './services/pix/gateway';
import type { WhatsAppGateway } from './services/whatsapp/gateway';

export type SendJobOptions = {
  /** Not before this moment (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /**
   * With `singletonSeconds`: one job per key per window (throttling). On queues whose policy is
   * 'singleton' or 'stately' (see JobDefinition.queue): at most one queued/active per key.
   */
  singletonKey?: string;
  singletonSeconds?: number;
};

/** A job's state as the queue keeps it (pg-boss), for status screens and tests. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** Background jobs on the app's own database (server/jobs/). */
export type Jobs = {
  /** Queues a job of a registered queue; its id, or null when a singleton rule refused it. */
  send(name: string, data?: object, options?: SendJobOptions): Promise<string | null>;
  /** Cancels a job not yet finished (e.g. a scheduled campaign send). */
  cancel(name: string, id: string): Promise<void>;
  /** Runs `name` on a cron (`0 3 * * *`), in the given time zone; replaces its earlier schedule. */
  schedule(name: string, cron: string, data?: object, options?: { tz?: string }): Promise<void>;
  unschedule(name: string): Promise<void>;
  /** The job's state, or null when unknown (or archived after its retention). */
  state(name: string, id: string): Promise<JobState | null>;
};

/** Campaign sending settings (services/campaigns/settings.ts reads them from env). */
export type CampaignSettings = {
  /** Random pause between two messages of one store, inclusive bounds. */
  minGapMs: number;
  maxGapMs: number;
  /** Messages per store in any rolling hour. */
  maxPerHour: number;
  window: SendWindow;
  /** A sender holds its store for this long without renewing; must exceed one send's timeout. */
  leaseMs: number;
  /** Tries per recipient for failures other than "not on WhatsApp". */
  maxAttempts: number;
  /** First retry delay; doubles each attempt. */
  retryBaseMs: number;
  /** This many failed sends in a row pause the campaign for failurePauseMs. */
  failureStreakLimit: number;
  failurePauseMs: number;
  /** A sender job keeps its store at most this long, then hands over to a new job. */
  runBudgetMs: number;
  /** Pauses up to this long are slept inside the job; longer ones become a delayed job. */
  maxInlineSleepMs: number;
};

export type Services = {
  db: Db;
  env: Env;
  now: () => Date;
  /** WhatsApp: Evolution API when configured, else the built-in sandbox. */
  gateway: WhatsAppGateway;
  jobs: Jobs;
  /** Pix PSP for campaign payments; null when PIX_PROVIDER=off (campaigns are free). */
  pix: PaymentGateway | null;
  /** Tests only: replaces onPaid (services/payments/on-paid.ts). */
  onPaymentPaid?: (deps: Services, payment: typeof payments.$inferSelect) => Promise<void>;
  /** Campaign sending settings beyond env (tests: short leases, fast retries). */
  campaigns?: { settings?: Partial<CampaignSettings> };
  /**
   * Aborted when the runtime stops: background work kicked after a request (an order's
   * messages) claims nothing new and cuts its pacing pause short instead of holding the shutdown.
   */
  stopping?: AbortSignal;
};

export type AppEnv = {
  Variables: {
    deps: Services;
    /** Set by requireUser. */
    userId: string;
    /** Set by requireUser: the caller's session (its public id, not the token). */
    sessionId: string;
    /** Set by requireStore. */
    storeId: string;
    /** Set by requireUser: the MVCC snapshot its session query read (server/auth/sessions.ts). */
    snapshot: string;
  };
};

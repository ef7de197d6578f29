/** Types shared by the server's routes: injected services and per-request variables. */
import type { Db } from './db/client';
import type { Env } from './env';
import type { CampaignJobs } from './services/campaigns/jobs-port';
import type { CampaignSettings } from './services/campaigns/settings';
import type { WhatsAppGateway } from './services/whatsapp/gateway';

export type Services = {
  db: Db;
  env: Env;
  now: () => Date;
  /** WhatsApp: Evolution API when configured, else the built-in sandbox. */
  gateway: WhatsAppGateway;
  /** Campaign sending: the job system's hooks (absent = the periodic sweep finds the work). */
  campaigns?: { jobs?: CampaignJobs; settings?: Partial<CampaignSettings> };
};

export type AppEnv = {
  Variables: {
    deps: Services;
    /** Set by requireUser. */
    userId: string;
    /** Set by requireStore. */
    storeId: string;
  };
};

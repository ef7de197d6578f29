/** The only reader of process.env: validated once at start-up with clear messages. */
import { z } from 'zod';
import { parseSendWindow } from '../src/domain/zoned-time';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded database folder (PGlite) used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL connection string; when set, the embedded database is not used. */
  DATABASE_URL: z.string().url().optional(),
  /** Public base URL of this server (storefront links, gateway webhooks). */
  PUBLIC_URL: z.string().url().optional(),
  /** Behind a reverse proxy: take the client address from the last X-Forwarded-For entry. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Folder of the built PWA served by the API process. */
  STATIC_DIR: z.string().default('./dist'),
  /** Evolution API v2 gateway; without it the built-in WhatsApp sandbox is used. */
  EVOLUTION_API_URL: z.string().url().optional(),
  EVOLUTION_API_KEY: z.string().min(1).optional(),
  /** Optional OpenAI-compatible endpoint for the virtual assistant. */
  LLM_BASE_URL: z.string().url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  /** Background jobs (server/jobs/): seconds between polls for due jobs (at least 0.5). */
  JOBS_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Seconds between the queue's maintenance runs (stuck jobs retried, finished ones archived). */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /** On shutdown, how long jobs in flight may finish before they are handed back to the queue. */
  JOBS_SHUTDOWN_SECONDS: z.coerce.number().min(1).max(300).default(8),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** Campaign pacing per store (docs/decisions/010): random pause between two messages… */
  CAMPAIGN_SEND_MIN_MS: z.coerce.number().int().min(0).max(3_600_000).default(8000),
  CAMPAIGN_SEND_MAX_MS: z.coerce.number().int().min(0).max(3_600_000).default(25000),
  /** …at most this many messages per store per rolling hour… */
  CAMPAIGN_MAX_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(80),
  /** …and only inside this daily window of the store's time zone ('00:00-24:00' = always). */
  CAMPAIGN_SEND_WINDOW: z
    .string()
    .default('08:00-20:00')
    .refine((v) => parseSendWindow(v) !== null, "use 'HH:MM-HH:MM' (e.g. 08:00-20:00)"),
});

export type Env = z.infer<typeof schema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.EVOLUTION_API_URL && !parsed.data.EVOLUTION_API_KEY) {
    throw new Error(
      'Invalid configuration:\n  EVOLUTION_API_KEY is required with EVOLUTION_API_URL',
    );
  }
  if (parsed.data.CAMPAIGN_SEND_MIN_MS > parsed.data.CAMPAIGN_SEND_MAX_MS) {
    throw new Error(
      'Invalid configuration:\n  CAMPAIGN_SEND_MIN_MS must not exceed CAMPAIGN_SEND_MAX_MS',
    );
  }
  return parsed.data;
}

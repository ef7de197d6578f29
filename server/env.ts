/** The only reader of process.env: validated once at start-up with clear messages. */
import { z } from 'zod';
import { parseSendWindow } from '../src/domain/zoned-time';
import { DEFAULT_ENDPOINT_HOSTS, parseEndpointHosts } from './services/push/endpoints';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Embedded database folder (PGlite) used when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Product photos in this directory instead of the database (docs/decisions/020). */
  MEDIA_DIR: z.string().min(1).optional(),
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
  /**
   * On shutdown, how long jobs in flight may finish before they are handed back to the queue:
   * above a campaign send's worst case (15 s gateway timeout, typing delay included) plus its
   * recording, so a deploy never cuts a send off unrecorded (docs/decisions/010).
   */
  JOBS_SHUTDOWN_SECONDS: z.coerce.number().min(1).max(300).default(30),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /** GET /metrics (Prometheus) is off unless set; then it needs `Authorization: Bearer <this>`. */
  METRICS_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
  /**
   * On SIGTERM, seconds /readyz answers 503 before the server stops taking requests: a bit more
   * than the load balancer's health-check interval, so it stops sending here first. 0 without one.
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /** Price of each band of 100 campaign recipients, decimal reais. */
  CAMPAIGN_PRICE_PER_100: z
    .string()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, 'use a decimal in reais such as 25.00')
    .refine((v) => Number(v) > 0, 'must be more than zero')
    .default('25.00'),
  /** Campaign payments: built-in sandbox PSP, a PSP on the Banco Central's API Pix, or free. */
  PIX_PROVIDER: z.enum(['sandbox', 'bcb', 'off']).default('sandbox'),
  /** API Pix base URL (e.g. https://pix.api.efipay.com.br/v2) and OAuth2 token URL. */
  PIX_API_URL: z.string().url().optional(),
  PIX_OAUTH_URL: z.string().url().optional(),
  PIX_CLIENT_ID: z.string().min(1).optional(),
  PIX_CLIENT_SECRET: z.string().min(1).optional(),
  /** Client certificate and key (PEM files) when the PSP requires mutual TLS. */
  PIX_CERT_FILE: z.string().min(1).optional(),
  PIX_KEY_FILE: z.string().min(1).optional(),
  /** The receiver's Pix key (DICT) that charges are paid into. */
  PIX_KEY: z.string().min(1).max(77).optional(),
  /** Receiver shown by the sandbox's BR Codes (a real PSP prints its own). */
  PIX_MERCHANT_NAME: z.string().min(1).default('Tali'),
  PIX_MERCHANT_CITY: z.string().min(1).default('Sao Paulo'),
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
  /** Web Push (VAPID) keys; without them a pair is generated on first start and kept in the database. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'use the base64url public key of web-push generate-vapid-keys')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'use the base64url private key of web-push generate-vapid-keys')
    .optional(),
  /** Contact the push services may use: mailto: or https: (Apple refuses localhost). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'use a mailto: address or an https: URL')
    .optional(),
  /** Hosts push subscriptions may point at (comma-separated host[:port], `*.` for subdomains). */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(DEFAULT_ENDPOINT_HOSTS)
    .refine((v) => parseEndpointHosts(v) !== null, 'use comma-separated host[:port] entries'),
});

/** PIX_PROVIDER=bcb cannot start without its credentials; the message names what is missing. */
function pixProblems(env: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  if (env.PIX_PROVIDER === 'bcb') {
    for (const name of [
      'PIX_API_URL',
      'PIX_CLIENT_ID',
      'PIX_CLIENT_SECRET',
      'PIX_KEY',
      'PUBLIC_URL',
    ] as const) {
      if (!env[name]) problems.push(`${name} is required with PIX_PROVIDER=bcb`);
    }
  }
  if (Boolean(env.PIX_CERT_FILE) !== Boolean(env.PIX_KEY_FILE)) {
    problems.push('PIX_CERT_FILE and PIX_KEY_FILE go together (mutual TLS)');
  }
  return problems;
}

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
  // A real WhatsApp gateway with the sandbox PSP by default would send real campaigns paid by a
  // public demo button: the payments choice must then be explicit.
  if (parsed.data.EVOLUTION_API_URL && !source.PIX_PROVIDER) {
    throw new Error(
      'Invalid configuration:\n  PIX_PROVIDER must be set explicitly with EVOLUTION_API_URL (a real WhatsApp gateway): ' +
        'bcb to charge real Pix, off for free campaigns, or sandbox only for a demo (its payments are not real)',
    );
  }
  if (Boolean(parsed.data.VAPID_PUBLIC_KEY) !== Boolean(parsed.data.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  const pix = pixProblems(parsed.data);
  if (pix.length > 0) {
    throw new Error(`Invalid configuration:\n${pix.map((p) => `  ${p}`).join('\n')}`);
  }
  if (parsed.data.CAMPAIGN_SEND_MIN_MS > parsed.data.CAMPAIGN_SEND_MAX_MS) {
    throw new Error(
      'Invalid configuration:\n  CAMPAIGN_SEND_MIN_MS must not exceed CAMPAIGN_SEND_MAX_MS',
    );
  }
  return parsed.data;
}

/** The assistant's model endpoint (the assistant and the privacy notice's processors read it). */
export type LlmConfig = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

export function llmConfigFromEnv(env: Env): LlmConfig | null {
  if (!env.LLM_BASE_URL || !env.LLM_API_KEY || !env.LLM_MODEL) return null;
  return {
    baseUrl: env.LLM_BASE_URL,
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
  };
}

/** Structured one-line JSON logs. Callers pass no secrets: tokens, passwords and bodies stay out. */
type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
let threshold: Level = 'info';

export function setLogLevel(level: Level) {
  threshold = level;
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < order[threshold]) return;
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...fields });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => write('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => write('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => write('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => write('error', m, f),
};

/**
 * An error as one log-safe line. Drizzle's "Failed query" message lists the SQL parameters
 * (phones, message texts, password and token hashes): only the driver's reason and code are kept.
 */
export function errorSummary(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  if (error.message.startsWith('Failed query:')) {
    const cause = error.cause;
    const code = (cause as { code?: unknown } | undefined)?.code;
    // The driver quotes offending values too ('value "…" is out of range'): quoted parts go.
    const reason =
      cause instanceof Error ? cause.message.replace(/"[^"]*"/g, '"…"') : 'sem detalhe';
    return `query failed: ${reason}${typeof code === 'string' ? ` (${code})` : ''}`;
  }
  return `${error.name}: ${error.message}`;
}

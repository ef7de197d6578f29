/**
 * A fresh app and database per test file, built by the server's runtime: in-memory PGlite or a new
 * PostgreSQL database, each a copy of the run's migrated database (test-databases.ts).
 */
import { type Database, openPostgres } from '../../server/db/client';
import { readEnv } from '../../server/env';
import { openRuntime, type RuntimeOptions } from '../../server/runtime';
import type { Services } from '../../server/types';
import { createPostgresDatabase, openTestPglite } from './test-databases';

/**
 * A JSON answer's body as a test reads it when the test names no shape: an object whose fields
 * are still to be checked. A test that reads deeper names the shape: `send<ApiProduct[]>(...)`.
 */
export type JsonObject = { [key: string]: unknown };

export { createPostgresDatabase } from './test-databases';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The database of this leg; closing it also drops it (PostgreSQL). */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openTestPglite();
  const created = await createPostgresDatabase();
  const database = await openPostgres(created.url);
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

export const testEnv = (extra: Record<string, string> = {}) =>
  readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', ...extra });

/**
 * The app on a fresh database, through openRuntime like the server. Jobs can be sent but no
 * worker runs them (pass `options.workers` and `options.jobs` to test jobs running).
 */
export async function createTestApp(
  services?: Partial<Omit<Services, 'jobs'>>,
  options: Omit<RuntimeOptions, 'env' | 'database' | 'services'> = {},
) {
  const database = await openTestDatabase();
  // The runtime builds its gateways (WhatsApp, Pix) from this env: a test's own env decides them.
  const env = services?.env ?? testEnv();
  const runtime = await openRuntime({ env, database, services, ...options });
  const { app } = runtime;

  /** JSON request helper: `call('POST', '/api/x', body, token)`. */
  async function call<T = JsonObject>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
  ) {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await app.request(path, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    // The shape the caller names (fixtures.ts JsonObject when none).
    return { status: res.status, body: json as T, headers: res.headers };
  }

  return {
    app,
    db: database.db,
    kind: database.kind,
    call,
    /** The runtime behind the app: its services (jobs…), start() and stop(). */
    runtime,
    jobs: runtime.services.jobs,
    close: () => runtime.stop(),
  };
}

/** A fresh app and database per test file, built by the server's runtime: in-memory PGlite or a new PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../server/db/client';
import { readEnv } from '../../server/env';
import { openRuntime, type RuntimeOptions } from '../../server/runtime';
import type { Services } from '../../server/types';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The PostgreSQL leg's server (TEST_DATABASE_URL); each test file makes its own database there. */
function postgresBase(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL leg');
  return base;
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: postgresBase() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database: its URL, and how to drop it (after every pool is closed). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tali_test_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(postgresBase());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The database of this leg; closing it also drops it (PostgreSQL). */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openPglite();
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
  async function call(method: string, path: string, body?: unknown, token?: string) {
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
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
    return { status: res.status, body: json as any, headers: res.headers };
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

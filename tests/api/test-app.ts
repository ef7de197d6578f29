/** A fresh app and database per test file: in-memory PGlite, or a new PostgreSQL database. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../../server/app';
import { type Database, openPglite, openPostgres } from '../../server/db/client';
import { readEnv } from '../../server/env';
import type { Services } from '../../server/types';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openPglite();
    return { ...database, drop: database.close };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL leg');
  const name = `tali_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestApp(services?: Partial<Services>) {
  const database = await openTestDatabase();
  const env = readEnv({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' });
  const app = createApp({ database, env, services });

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

  return { app, db: database.db, kind: database.kind, call, close: database.drop };
}

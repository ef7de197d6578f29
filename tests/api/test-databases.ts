/**
 * The API tests' databases. Once per run (tests/api/global-setup.ts) one database is migrated by
 * the server's own code; every test file then starts from a copy of it instead of running
 * initdb and every migration again: PGlite from a dump of its data folder, PostgreSQL with
 * CREATE DATABASE … TEMPLATE. openPglite/openPostgres still run the migrator on the copy (it
 * finds nothing to apply), so a test file sees exactly what a migrated server sees.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** api-pglite: a migrated PGlite data folder, and its dump (a tar file) for in-memory copies. */
    pgliteTemplate: { dir: string; dump: string } | null;
    /** api-postgres: the name of a migrated database to copy (no one connects to it). */
    postgresTemplate: string | null;
  }
}

/** The PostgreSQL leg's server (TEST_DATABASE_URL); each test file makes its own database there. */
export function postgresBase(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL leg');
  return base;
}

export function databaseUrl(name: string): string {
  const url = new URL(postgresBase());
  url.pathname = `/${name}`;
  return url.toString();
}

export async function admin(sql: string) {
  const client = new pg.Client({ connectionString: postgresBase() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** What the global set-up provided, or null when run without it (a file imported elsewhere). */
function provided<K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K) {
  try {
    return inject(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * A new PostgreSQL database, a copy of the run's migrated template (an empty one without it):
 * its URL, and how to drop it (after every pool is closed).
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tali_test_${randomBytes(6).toString('hex')}`;
  const template = provided('postgresTemplate');
  await admin(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return {
    url: databaseUrl(name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

let dump: Blob | undefined;

/** An in-memory PGlite started from the run's migrated copy (initdb and migrations otherwise). */
export function openTestPglite(): Promise<Database> {
  const template = provided('pgliteTemplate');
  if (template) dump ??= new Blob([fs.readFileSync(template.dump)]);
  return openPglite(undefined, dump);
}

/** Fills an empty folder with the run's migrated PGlite data folder (a durable test database). */
export function copyPgliteTemplate(dir: string) {
  const template = provided('pgliteTemplate');
  if (template) fs.cpSync(template.dir, dir, { recursive: true });
}

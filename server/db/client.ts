/** Database factory: embedded PGlite (default) or PostgreSQL, one Drizzle schema for both. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { errorSummary, logger } from '../logger';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Checkpoints (embedded) and closes every connection. */
  close(): Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite's default start parameters include `-F` (fsync off): fine for tests, not for a
 * store's data. Persistent databases drop it so a crash or power cut cannot corrupt them.
 */
function durableStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  if (!defaults) throw new Error('PGlite.defaultStartParams not found: check the PGlite version');
  return defaults.filter((p) => p !== '-F');
}

/** Opens PGlite at `dataDir` (or in memory when undefined) and applies migrations. */
export async function openPglite(dataDir?: string): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    client = await PGlite.create(dataDir, { startParams: durableStartParams() } as never);
  } else {
    client = await PGlite.create();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async close() {
      if (dataDir) await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}

/** Connects to PostgreSQL and applies migrations. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by the server (restart, failover, admin termination) emits
  // 'error' on the pool; unhandled, that would crash the process. The pool replaces it.
  pool.on('error', (error) =>
    logger.warn('postgres idle connection lost', { error: errorSummary(error) }),
  );
  const db = drizzlePg(pool, { schema });
  await migratePg(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    close: () => pool.end(),
  };
}

/** Database factory: embedded PGlite (default) or PostgreSQL, one Drizzle schema for both. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
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
import { answerBackupRequests } from './backup-requests';
import { preparePgliteQueries } from './pglite-prepared';
import { markTransactions, pgliteExecuteSql } from './pglite-sql';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Parameterised raw SQL (`$1`…), as pg-boss's `db.executeSql` expects; rows as objects. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL on the same database (the jobs queue uses it); see pglite-sql.ts for PGlite. */
  executeSql: ExecuteSql;
  /** Checkpoints (embedded) and closes every connection. */
  close(): Promise<void>;
};

/**
 * A consistent copy of an open PGlite database as a gzipped tarball of its data folder: after a
 * CHECKPOINT, taken between transactions with no query running (PGlite's own locks).
 */
export async function dumpPglite(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  type Exclusive = (fn: () => Promise<Blob>) => Promise<Blob>;
  const exclusive = (client as unknown as { _runExclusiveTransaction?: Exclusive })
    ._runExclusiveTransaction;
  const dump = () => client.dumpDataDir('gzip');
  return exclusive ? exclusive.call(client, dump) : dump();
}

/** This build's SQL migrations (applied at open; /readyz checks them). */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/**
 * PostgreSQL's buffer pool inside PGlite's WebAssembly memory. Left at PGlite's default (160 MB)
 * it is written at start and stays resident: 140 MB of a 1 GB server gone on an idle process. The
 * data files sit in the OS page cache anyway, so a page that falls out of a small pool costs a
 * copy, not a disk read (figures: docs/benchmarks.md, "Server memory"; docs/decisions/016).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=32MB'];

/**
 * PGlite's default start parameters include `-F` (fsync off): fine for tests, not for a
 * store's data. Persistent databases drop it so a crash or power cut cannot corrupt them.
 */
export function durableStartParams(): string[] {
  return defaultStartParams().filter((p) => p !== '-F');
}

function defaultStartParams(): string[] {
  const defaults = (PGlite as unknown as { defaultStartParams?: string[] }).defaultStartParams;
  if (!defaults) throw new Error('PGlite.defaultStartParams not found: check the PGlite version');
  return [...defaults, ...PGLITE_SETTINGS];
}

/**
 * Creates a new data folder (initdb) in a short-lived child process. PGlite runs initdb in a
 * second WebAssembly instance that V8 does not give back once it is closed: a first start held
 * ~800 MB resident for good against ~290 MB when the folder already existed. A process that
 * exits returns all of it.
 */
async function initPgliteDir(dataDir: string, startParams: string[]): Promise<void> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  // Resolved here: the child's own resolution would start from wherever the server was started.
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const options = { startParams };
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(dataDir)}, ${JSON.stringify(options)}).then((db) => db.close()).catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ['--eval', script], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr = (stderr + text).slice(-2000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`o initdb do banco embutido falhou em ${dataDir} (saída ${code}): ${stderr}`);
}

/**
 * Opens PGlite at `dataDir` (or in memory when undefined) and applies migrations. `from`: a
 * data folder dumped by PGlite (`dumpDataDir`) to start the in-memory database from instead of
 * running initdb (the tests start every file from one migrated copy).
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<Database> {
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    const startParams = durableStartParams();
    await initPgliteDir(dataDir, startParams);
    client = await PGlite.create(dataDir, { startParams });
  } else {
    // The tests' databases run with the same settings as a store's, fsync aside.
    const options = { startParams: defaultStartParams() };
    client = await PGlite.create(from ? { ...options, loadDataDir: from } : options);
  }
  markTransactions(client);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // After the migrations, so no statement is prepared against tables they are about to change.
  preparePgliteQueries(client);
  inProcess.add(db);
  // `npm run backup` while this process holds the data dir (server/db/backup-requests.ts).
  const stopAnswering = dataDir ? answerBackupRequests(dataDir, () => dumpPglite(client)) : null;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    executeSql: pgliteExecuteSql(client),
    async close() {
      stopAnswering?.();
      if (dataDir) await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}

const inProcess = new WeakSet<object>();

/**
 * Whether this database runs on the server's own thread (PGlite): one query at a time, and a
 * long one holds every other store's request. Bulk reads take turns there (list-json.ts).
 */
export function runsInProcess(db: Db): boolean {
  return inProcess.has(db);
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
    // A multi-statement script that fails mid-transaction destroys its pooled connection
    // (pool.query releases with the error), so an aborted transaction is never reused.
    executeSql: (text, values) => pool.query(text, values),
    close: () => pool.end(),
  };
}

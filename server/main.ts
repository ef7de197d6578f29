/** Process entry: config, database (PGlite in DATA_DIR or PostgreSQL), HTTP server, clean shutdown. */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { type Database, openPglite, openPostgres } from './db/client';
import { type Env, readEnv } from './env';
import { logger, setLogLevel } from './logger';

/** In-flight requests get this long to finish on shutdown before connections are cut. */
const DRAIN_MS = 10_000;

/** Start-up failures are read by a person at a terminal: plain text, not a JSON log line. */
function fail(message: string): never {
  process.stderr.write(`Talí não iniciou: ${message}\n`);
  process.exit(1);
}

async function openDatabase(env: Env): Promise<{ database: Database; release: () => void }> {
  if (env.DATABASE_URL) {
    return { database: await openPostgres(env.DATABASE_URL), release: () => {} };
  }
  // The lock comes first: opening PGlite from two processes would corrupt the files.
  const release = lockDataDir(env.DATA_DIR);
  try {
    return { database: await openPglite(env.DATA_DIR), release };
  } catch (error) {
    release();
    throw error;
  }
}

async function main() {
  let env: Env;
  try {
    env = readEnv();
  } catch (error) {
    fail(String((error as Error).message));
  }
  setLogLevel(env.LOG_LEVEL);

  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(env);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    // Connection strings may hold passwords: log the error, not the configuration.
    fail(`Não foi possível abrir o banco de dados: ${String(error)}`);
  }
  const { database, release } = opened;

  const app = createApp({ database, env, staticDir: path.resolve(env.STATIC_DIR) });
  const server = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
    logger.info(`Talí ouvindo em http://${host}:${info.port}`, {
      database: database.kind,
      ...(database.kind === 'pglite' ? { dataDir: path.resolve(env.DATA_DIR) } : {}),
    });
  });

  let stopping = false;
  async function shutdown(reason: string, code: number) {
    if (stopping) return;
    stopping = true;
    logger.info('encerrando', { reason });
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, DRAIN_MS);
    force.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    try {
      // For PGlite this CHECKPOINTs first, so the next start needs no recovery.
      await database.close();
    } catch (error) {
      logger.error('erro ao fechar o banco de dados', { error: String(error) });
      code = 1;
    }
    release();
    logger.info('encerrado');
    process.exit(code);
  }

  server.on('error', (error: NodeJS.ErrnoException) => {
    const detail =
      error.code === 'EADDRINUSE' ? `a porta ${env.PORT} já está em uso` : String(error);
    logger.error(`Não foi possível ouvir em ${env.HOST}:${env.PORT}: ${detail}`);
    void shutdown('listen error', 1);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.on('SIGINT', () => void shutdown('SIGINT', 0));
}

void main();

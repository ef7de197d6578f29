/** Process entry: config, the runtime (database, services, jobs), HTTP server, clean shutdown. */
import path from 'node:path';
import { serve } from '@hono/node-server';
import { DataDirLockedError } from './data-dir-lock';
import { type Env, readEnv } from './env';
import { errorSummary, logger, setLogLevel } from './logger';
import { privateFileModes } from './ops/file-modes';
import { openRuntime, type Runtime } from './runtime';

/** In-flight requests get this long to finish on shutdown before connections are cut. */
const DRAIN_MS = 10_000;

/** Start-up failures are read by a person at a terminal: plain text, not a JSON log line. */
function fail(message: string): never {
  process.stderr.write(`Talí não iniciou: ${message}\n`);
  process.exit(1);
}

async function main() {
  // Before any file is written: the data, media and backups are the server user's alone.
  privateFileModes();
  let env: Env;
  try {
    env = readEnv();
  } catch (error) {
    fail(String((error as Error).message));
  }
  setLogLevel(env.LOG_LEVEL);

  let runtime: Runtime;
  try {
    runtime = await openRuntime({ env, workers: true, staticDir: path.resolve(env.STATIC_DIR) });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    // Connection strings may hold passwords: log the error, not the configuration.
    fail(`Não foi possível abrir o banco de dados: ${String(error)}`);
  }
  const { app, database } = runtime;

  const server = serve(
    {
      fetch: app.fetch,
      hostname: env.HOST,
      port: env.PORT,
      // A client that trickles its headers or body (slowloris) is cut off instead of holding a
      // socket and a buffer forever; 120 s still lets a 5 MB image go up on a slow 3G link.
      serverOptions: { headersTimeout: 15_000, requestTimeout: 120_000 },
    },
    (info) => {
      const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
      logger.info(`Talí ouvindo em http://${host}:${info.port}`, {
        database: database.kind,
        ...(database.kind === 'pglite' ? { dataDir: path.resolve(env.DATA_DIR) } : {}),
      });
    },
  );

  let stopping = false;
  async function shutdown(reason: string, code: number) {
    if (stopping) return;
    stopping = true;
    // Readiness fails first (a load balancer stops sending here), then the server drains.
    runtime.markDraining();
    logger.info('encerrando', { reason });
    if (env.SHUTDOWN_DELAY_SECONDS > 0) {
      await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_SECONDS * 1000));
    }
    const force = setTimeout(() => {
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, DRAIN_MS);
    force.unref();
    // No new requests; jobs stop polling and get their grace while requests drain. The database
    // closes (PGlite: CHECKPOINT first, then the data-dir lock is released) after both.
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    try {
      await runtime.stop(drained);
    } catch (error) {
      logger.error('erro ao encerrar', { error: errorSummary(error) });
      code = 1;
    }
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

  try {
    await runtime.start();
  } catch (error) {
    logger.error('Não foi possível iniciar as tarefas em segundo plano', {
      error: errorSummary(error),
    });
    await shutdown('jobs failed to start', 1);
  }
}

void main();

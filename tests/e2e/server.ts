/** Starts the real server (tsx server/main.ts) on a free port with a throwaway embedded database. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Names a migrated, closed embedded database folder that each server's data starts from. */
export const PGLITE_TEMPLATE_ENV = 'TALI_E2E_PGLITE_TEMPLATE';

/** Names the server bundle (scripts/build-server.mjs) the run's servers start from. */
export const SERVER_BUNDLE_ENV = 'TALI_E2E_SERVER_BUNDLE';

export type RunningServer = { baseUrl: string; dataDir: string; stop(): Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      await fetch(`${url}/api/health`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`);
}

/** Where the server's code lives (another checkout, for before/after benches) and its database. */
export type ServerOptions = { cwd?: string; databaseUrl?: string };

export async function startServer(
  extraEnv: Record<string, string> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-e2e-'));
  // A copy of the run's migrated database (global-setup.ts) where there is one: a fresh folder
  // costs PGlite's initdb and every migration, ~7 s of CPU per server on a quiet machine.
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (template && !options.databaseUrl && !extraEnv.DATABASE_URL) {
    // Its Talí files (lock, markers) are the template's, never the copy's.
    const filter = (source: string) => !path.basename(source).startsWith('.tali');
    fs.cpSync(template, dataDir, { recursive: true, filter });
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  // The browser tests run on the embedded database, as a user's first start does.
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  // The run's production bundle (global-setup.ts), as `npm start` runs it; another checkout's
  // server (benches) or a run without one: the TypeScript entry through tsx.
  const bundle = options.cwd ? undefined : process.env[SERVER_BUNDLE_ENV];
  const [command, args] = bundle
    ? [process.execPath, [bundle]]
    : ['npx', ['tsx', 'server/main.ts']];
  const child = spawn(command, args, {
    cwd: options.cwd,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  try {
    await waitForServer(baseUrl, child, 600_000);
  } catch (error) {
    // Not left running behind a failed start.
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    throw error;
  }

  async function stop() {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
          resolve();
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { baseUrl, dataDir, stop };
}

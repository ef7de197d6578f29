/** Browser tests: build the PWA once, start the real server on a free port with a fresh database. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/db/client';
import { PGLITE_TEMPLATE_ENV, SERVER_BUNDLE_ENV, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The build the server serves (tests that fake new releases copy it). */
    distDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Each run builds into its own folder: several runs at once (or `npm run build`) must not swap
  // files under a running test, which would mix two releases in one service worker precache.
  const skipBuild = Boolean(process.env.E2E_SKIP_BUILD);
  const distDir = skipBuild
    ? path.resolve('dist')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'tali-e2e-dist-'));
  if (!skipBuild) {
    // Vitest sets NODE_ENV=test, which Vite would keep: a development React and no worker.
    execFileSync(
      'npx',
      ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'],
      { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
  }
  // The server as `npm start` runs it: one bundle with plain node (~3 s less per start than
  // tsx compiling server/main.ts), in a folder of this run inside the checkout (node_modules).
  fs.mkdirSync('.tmp', { recursive: true });
  const serverDir = fs.mkdtempSync(path.join('.tmp', 'e2e-server-'));
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--out', serverDir], {
    stdio: 'inherit',
  });
  process.env[SERVER_BUNDLE_ENV] = path.resolve(serverDir, 'main.mjs');
  // One migrated database (opened and closed as the server does) that every server of the run
  // copies; the test files' workers inherit the variable.
  const templateRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-e2e-template-'));
  await (await openPglite(templateRoot)).close();
  process.env[PGLITE_TEMPLATE_ENV] = templateRoot;
  // As behind a production reverse proxy: the client address comes from X-Forwarded-For where a
  // test sends one (first-visit-input gives each of its 80 fresh profiles its own, as phones
  // have; without it the sign-up limit of one address would refuse the files after it).
  const server = await startServer({ STATIC_DIR: distDir, TRUST_PROXY: 'true' });
  project.provide('baseUrl', server.baseUrl);
  project.provide('distDir', distDir);
  return async () => {
    await server.stop();
    if (!skipBuild) fs.rmSync(distDir, { recursive: true, force: true });
    fs.rmSync(templateRoot, { recursive: true, force: true });
    fs.rmSync(serverDir, { recursive: true, force: true });
  };
}

/** Browser tests: build the PWA once, start the real server on a free port with a fresh database. */
import { execFileSync } from 'node:child_process';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    // Vitest sets NODE_ENV=test, which Vite would keep: a development React and no worker.
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}

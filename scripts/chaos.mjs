#!/usr/bin/env node
// The sync chaos test (tests/api/chaos.test.ts, issue 23) on its own, as long as wanted:
//   npm run test:chaos                      100 sequences, a new seed (npm test: a fixed one)
//   npm run test:chaos -- --runs 5000       a long run (--ops N: longest sequence, default 40)
//   SEED=<seed> [CHAOS_PATH=<path>] npm run test:chaos   replays a failure as it printed it
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import os from 'node:os';

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const env = { ...process.env };
if (option('runs')) env.CHAOS_RUNS = option('runs');
if (option('ops')) env.CHAOS_MAX_OPS = option('ops');
if (option('seed')) env.SEED = option('seed');
// A new seed each run unless one is given (npm test runs a fixed one).
if (env.SEED === undefined) env.CHAOS_RANDOM = '1';
// A long run has no time limit of its own.
env.CHAOS_TIMEOUT_MS ??= String(24 * 3600 * 1000);

const projects = ['--project', 'api-pglite'];
if (process.env.TEST_DATABASE_URL) projects.push('--project', 'api-postgres');
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
console.log(`chaos: load average before: ${load()} (${os.availableParallelism()} cores)`);
const started = Date.now();
const child = spawn('npx', ['vitest', 'run', ...projects, 'tests/api/chaos.test.ts'], {
  stdio: 'inherit',
  env,
});
child.on('exit', (status) => {
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(`chaos: ${seconds} s in all, load average after: ${load()}`);
  process.exit(status ?? 1);
});

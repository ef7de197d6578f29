/**
 * Where a request's time goes, in process (no HTTP, no autocannon): the app on PGlite (a data
 * folder, as the server) or PostgreSQL (DATABASE_URL), a store with 100 products, then N requests
 * with 10 in flight through `app.request`, and the two queries alone on the raw client.
 *
 *   npx tsx bench/api-profile.ts                   # PGlite
 *   DATABASE_URL=postgres://… npx tsx bench/api-profile.ts
 *   PROFILE=/tmp/list.cpuprofile npx tsx bench/api-profile.ts   # V8 profile of the list run only
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { readEnv } from '../server/env';
import { openRuntime } from '../server/runtime';
import { seed } from './api-kit';

const N = Number(process.env.N ?? 3000);
const IN_FLIGHT = 10;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-prof-'));
const env = readEnv({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const runtime = await openRuntime({ env, workers: process.env.WORKERS === '1' });
await runtime.start();
const { app } = runtime;

const token = await seed((p, init) => app.request(p, init));

async function run(label: string, once: () => Promise<unknown>, profile?: string) {
  for (let i = 0; i < 200; i++) await once(); // warm-up
  const inspector = profile ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < N) await once();
    }),
  );
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuUs = (used.user + used.system) / N;
  console.log(
    `${label}: ${((ms * 1000) / N).toFixed(0)} µs wall, ${cpuUs.toFixed(0)} µs CPU each ` +
      `(${Math.round(1e6 / cpuUs)}/s if this process had a core to itself)`,
  );
  if (inspector && profile) {
    const { profile: result } = await inspector.post('Profiler.stop');
    fs.writeFileSync(profile, JSON.stringify(result));
    inspector.disconnect();
  }
}

const headers = { authorization: `Bearer ${token}` };
await run('GET /api/health', async () => (await app.request('/api/health')).text());
await run('GET /api/auth/me', async () => (await app.request('/api/auth/me', { headers })).text());
await run(
  'GET /api/products (100)',
  async () => (await app.request('/api/products', { headers })).text(),
  process.env.PROFILE,
);
await runtime.stop();
fs.rmSync(dataDir, { recursive: true, force: true });

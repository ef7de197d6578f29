/**
 * Idle memory of the compiled server (budgets: PGlite ≤ 400 MB resident, PostgreSQL ≤ 150 MB):
 * resident memory at /readyz, 10 s and 30 s later, on a new data folder, then restarted on it,
 * then on PostgreSQL.
 *
 *   npx tsx bench/server-memory.ts
 *   CHECKOUTS=before=/tmp/old,after=. ROUNDS=2 npx tsx bench/server-memory.ts   (alternated)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { groupRssMb, pgDatabase, startChild } from './api-kit';

const ROUNDS = Number(process.env.ROUNDS ?? 1);
const checkouts = (process.env.CHECKOUTS ?? 'this tree=.').split(',').map((pair) => {
  const [name = '', dir = '.'] = pair.split('=');
  return { name, dir: path.resolve(dir) };
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function idle(label: string, cwd: string, env: Record<string, string>) {
  const started = performance.now();
  const server = await startChild('server/main.ts', env, '/readyz', cwd);
  try {
    // startChild's probe answers on any status: wait for ready (migrations applied, jobs running).
    while ((await fetch(`${server.url}/readyz`)).status !== 200) await sleep(200);
    const readyS = ((performance.now() - started) / 1000).toFixed(1);
    const rss = [groupRssMb(server.pid)];
    await sleep(10_000);
    rss.push(groupRssMb(server.pid));
    await sleep(20_000);
    rss.push(groupRssMb(server.pid));
    const load = os.loadavg()[0]?.toFixed(1);
    console.log(`${label}: RSS ${rss.join(' / ')} MB (ready in ${readyS} s, load ${load})`);
  } finally {
    await server.stop();
  }
}

for (let round = 1; round <= ROUNDS; round++) {
  for (const { name, dir } of checkouts) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-bench-mem-'));
    const lite = { DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      await idle(`${round} ${name} PGlite, new data folder`, dir, lite);
      await idle(`${round} ${name} PGlite, restart`, dir, lite);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const db = await pgDatabase();
    try {
      await idle(`${round} ${name} PostgreSQL`, dir, { DATABASE_URL: db.url });
    } finally {
      await db.drop();
    }
  }
}

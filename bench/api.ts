/**
 * API throughput, side by side in one run: a bare Hono route, GET /api/auth/me and
 * GET /api/products with 100 items, on PGlite and on PostgreSQL, one server process each.
 *
 *   npx tsx bench/api.ts                       # both databases (PostgreSQL at TEST_DATABASE_URL
 *                                              # or postgres://postgres@127.0.0.1:5432/test)
 *   DURATION=10 CONNECTIONS=10 npx tsx bench/api.ts
 *   COMPARE=/path/to/other/checkout ROUNDS=2 npx tsx bench/api.ts
 *                                              # alternates that checkout's server with this one
 *
 * Each server is a child process (as `npm start` runs it: build/server/main.mjs under node,
 * built from the checkout measured); autocannon runs here. Each row also gives the server's
 * resident memory before the route's load and its peak under it. Besides req/s
 * (which on a shared machine swings with everyone else's load), each row gives the CPU time the
 * server spent per request: its process group, plus on PostgreSQL the database's backends for
 * the bench database. 1,000,000 / that is what one core given to the server alone would serve.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { groupRssMb, overHttp, pgDatabase, seed, startChild } from './api-kit';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

const TICK_US = 1e6 / 100; // /proc/<pid>/stat counts in clock ticks (USER_HZ = 100 on Linux)

/** CPU time (µs) of every process in these process groups or with these pids, from /proc. */
function cpuOf(groups: number[], pids: number[] = []): number {
  let ticks = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After "pid (comm) ": state ppid pgrp … utime(12) stime(13), 0-based from state.
      if (groups.includes(Number(fields[2])) || pids.includes(Number(entry))) {
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * TICK_US;
}

/** The PostgreSQL backends serving this database (their CPU counts towards the request). */
async function backendsOf(dbUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

type Cpu = { group: number; dbUrl?: string };

async function measure(label: string, url: string, token?: string, cpu?: Cpu) {
  // Resident memory of the server's process group: before this route's load, and its peak.
  const idleMb = cpu ? groupRssMb(cpu.group) : null;
  let peakMb = idleMb ?? 0;
  const sampler = setInterval(() => {
    if (cpu) peakMb = Math.max(peakMb, groupRssMb(cpu.group));
  }, 200);
  // Warm-up: the pool's connections open and the first queries are prepared before counting.
  await autocannon({
    url,
    connections: CONNECTIONS,
    amount: 200,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const backends = cpu?.dbUrl ? await backendsOf(cpu.dbUrl) : [];
  const cpuBefore = cpu ? cpuOf([cpu.group], backends) : 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const cpuUs = cpu ? cpuOf([cpu.group], backends) - cpuBefore : 0;
  clearInterval(sampler);
  const non2xx = result.non2xx + result.errors;
  const served = result.requests.total;
  const row = {
    route: label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'server CPU µs/req': cpu && served ? Math.round(cpuUs / served) : null,
    'req/s per core': cpu && served && cpuUs ? Math.round((served * 1e6) / cpuUs) : null,
    errors: non2xx,
    'RSS MB before': idleMb,
    'RSS MB peak': cpu ? peakMb : null,
    load: os.loadavg()[0]?.toFixed(1),
  };
  console.log(JSON.stringify(row));
  return row;
}

async function measureServer(label: string, cwd: string) {
  const rows = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-bench-api-'));
  const lite = await startChild(
    'server/main.ts',
    { DATA_DIR: dataDir, DATABASE_URL: '' },
    '/api/health',
    cwd,
  );
  try {
    const token = await seed(overHttp(lite.url));
    const cpu = { group: lite.pid };
    rows.push(
      await measure(`${label} PGlite GET /api/auth/me`, `${lite.url}/api/auth/me`, token, cpu),
    );
    rows.push(
      await measure(
        `${label} PGlite GET /api/products (100)`,
        `${lite.url}/api/products`,
        token,
        cpu,
      ),
    );
  } finally {
    await lite.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const db = await pgDatabase();
  const pgServer = await startChild('server/main.ts', { DATABASE_URL: db.url }, '/api/health', cwd);
  try {
    const token = await seed(overHttp(pgServer.url));
    const cpu = { group: pgServer.pid, dbUrl: db.url };
    rows.push(
      await measure(
        `${label} PostgreSQL GET /api/auth/me`,
        `${pgServer.url}/api/auth/me`,
        token,
        cpu,
      ),
    );
    rows.push(
      await measure(
        `${label} PostgreSQL GET /api/products (100)`,
        `${pgServer.url}/api/products`,
        token,
        cpu,
      ),
    );
  } finally {
    await pgServer.stop();
    await db.drop();
  }
  return rows;
}

async function main() {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`load before: ${load()}; ${CONNECTIONS} connections, ${DURATION} s per route`);
  const rows = [];
  const bare = await startChild('bench/bare-hono.ts', {}, '/bare');
  rows.push(await measure('bare Hono route', `${bare.url}/bare`, undefined, { group: bare.pid }));
  await bare.stop();
  const compare = process.env.COMPARE;
  const rounds = Number(process.env.ROUNDS ?? 1);
  for (let round = 0; round < rounds; round++) {
    if (compare) rows.push(...(await measureServer('before', compare)));
    rows.push(...(await measureServer(compare ? 'after' : '', process.cwd())));
  }
  console.table(rows);
  console.log(`load after: ${load()}`);
}

await main();

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
 * Each server is a child process (as `npm start` runs it); autocannon runs here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { defaultBusinessHours } from '../src/domain/hours';
import { freePort } from '../tests/e2e/server';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Child = { url: string; stop(): Promise<void> };

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`no answer at ${url}`);
}

async function startChild(
  script: string,
  env: Record<string, string>,
  probe: string,
  cwd = process.cwd(),
): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...env,
  };
  // An empty value means "unset" (e.g. DATABASE_URL for the embedded database).
  for (const [key, value] of Object.entries(merged)) if (value === '') delete merged[key];
  const child = spawn('npx', ['tsx', script], {
    cwd,
    env: merged,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  await waitFor(`${url}${probe}`, child);
  return {
    url,
    async stop() {
      if (child.pid && child.exitCode === null) {
        process.kill(-child.pid, 'SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

async function pgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tali_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_BASE });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** An owner with a store and 100 products; answers the bearer token. */
async function seed(base: string): Promise<string> {
  const call = async (method: string, p: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const { token } = await call('POST', '/api/auth/register', {
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    password: 'senha-segura-123',
  });
  await call(
    'POST',
    '/api/stores',
    {
      name: 'Loja Bench',
      cep: '01001000',
      logradouro: 'Praça da Sé',
      numero: '1',
      bairro: 'Sé',
      cidade: 'São Paulo',
      uf: 'SP',
      businessHours: defaultBusinessHours(),
    },
    token,
  );
  const rows = [
    'name,price,description',
    ...Array.from(
      { length: 100 },
      (_, i) => `Produto ${i + 1},${(i + 1) * 3}.90,Descrição do produto número ${i + 1}`,
    ),
  ];
  await call('POST', '/api/products/import-csv', { csvData: rows.join('\n') }, token);
  const list = (await (
    await fetch(`${base}/api/products`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as unknown[];
  if (list.length !== 100) throw new Error(`expected 100 products, got ${list.length}`);
  return token;
}

async function measure(label: string, url: string, token?: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const non2xx = result.non2xx + result.errors;
  const row = {
    route: label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: non2xx,
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
    const token = await seed(lite.url);
    rows.push(await measure(`${label} PGlite GET /api/auth/me`, `${lite.url}/api/auth/me`, token));
    rows.push(
      await measure(`${label} PGlite GET /api/products (100)`, `${lite.url}/api/products`, token),
    );
  } finally {
    await lite.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const db = await pgDatabase();
  const pgServer = await startChild('server/main.ts', { DATABASE_URL: db.url }, '/api/health', cwd);
  try {
    const token = await seed(pgServer.url);
    rows.push(
      await measure(`${label} PostgreSQL GET /api/auth/me`, `${pgServer.url}/api/auth/me`, token),
    );
    rows.push(
      await measure(
        `${label} PostgreSQL GET /api/products (100)`,
        `${pgServer.url}/api/products`,
        token,
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
  rows.push(await measure('bare Hono route', `${bare.url}/bare`));
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

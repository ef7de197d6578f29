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
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { defaultBusinessHours } from '../src/domain/hours';
import { pgDatabase, startChild } from './api-kit';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);

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

/**
 * One store must not stall another: while store A imports 100,000 products (one CSV request),
 * then sends a replay batch carrying two imports, then lists its catalogue three times at once,
 * store B keeps asking for its 10-product list; prints B's latency (p50/p95/max) during each
 * phase, on PGlite and on PostgreSQL.
 *
 *   npx tsx bench/fairness.ts          (budget: B's p95 ≤ 100 ms)
 *   ROWS=50000 npx tsx bench/fairness.ts
 *   CHECKOUTS=before=/tmp/old,after=. npx tsx bench/fairness.ts   (alternates the checkouts' servers)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultBusinessHours } from '../src/domain/hours';
import { type Child, pgDatabase, startChild } from './api-kit';

const ROWS = Number(process.env.ROWS ?? 100_000);
/** Rows of each of the two imports in the replay batch: two fit its 2,000,000-character cap. */
const BATCH_ROWS = Number(process.env.BATCH_ROWS ?? 30_000);
const CHECKOUTS = (process.env.CHECKOUTS ?? `current=${process.cwd()}`).split(',').map((entry) => {
  const [label, dir] = entry.split('=') as [string, string];
  return { label, dir: path.resolve(dir) };
});
/** A phase that takes longer than this is reported as failed, so the bench never hangs. */
const LIMIT_MS = 180_000;
const load = () => Number(os.loadavg()[0]?.toFixed(2));

async function owner(base: string, name: string): Promise<string> {
  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ token: string }>;
  };
  const { token } = await post('/api/auth/register', {
    email: `${name.toLowerCase().replace(/\s+/g, '-')}-${Date.now()}@example.com`,
    password: 'senha-segura-1',
  });
  await post(
    '/api/stores',
    {
      name,
      cep: '01001000',
      logradouro: 'Rua',
      numero: '1',
      bairro: 'B',
      cidade: 'C',
      uf: 'SP',
      businessHours: defaultBusinessHours(),
    },
    token,
  );
  return token;
}

const csv = (rows: number, prefix = 'Produto') =>
  [
    'nome;preco;descricao',
    ...Array.from({ length: rows }, (_, i) => `${prefix} ${i};${(i % 500) + 1},90;Item ${i}`),
  ].join('\n');

function stats({ times: ms, failed }: { times: number[]; failed: number }) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0);
  return {
    requests: s.length,
    failed,
    p50: at(0.5),
    p95: at(0.95),
    max: Math.round(s.at(-1) ?? 0),
  };
}

/**
 * Store B's list, asked again and again until `done` settles: the latencies of its answers, and
 * how many of its requests failed (connection reset, timeout, non-200): a failure counts as B
 * not being served, it does not stop the bench.
 */
async function probe(
  base: string,
  token: string,
  done: Promise<unknown>,
): Promise<{ times: number[]; failed: number }> {
  let finished = false;
  const finish = () => {
    finished = true;
  };
  done.then(finish, finish);
  const times: number[] = [];
  let failed = 0;
  while (!finished) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/products`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      if (res.ok) times.push(performance.now() - t0);
      else failed += 1;
    } catch {
      failed += 1;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { times, failed };
}

async function run(label: string, checkout: string, server: Child) {
  const a = await owner(server.url, 'Loja Grande');
  const b = await owner(server.url, 'Loja Pequena');
  // The replay batch is another store's, so that A lists ROWS products (+1, below).
  const c = await owner(server.url, 'Loja Lote');
  await fetch(`${server.url}/api/products/import-csv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${b}` },
    body: JSON.stringify({ csvData: csv(10) }),
  });
  const body = JSON.stringify({ csvData: csv(ROWS) });
  const t0 = performance.now();
  const importing = fetch(`${server.url}/api/products/import-csv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${a}` },
    body,
    signal: AbortSignal.timeout(LIMIT_MS),
  }).then(async (r) => {
    if (!r.ok) throw new Error(`import ${r.status} ${await r.text()}`);
    return r.json();
  });
  const loadImport = load();
  const duringImport = stats(await probe(server.url, b, importing));
  const importError = await importing.then(
    () => undefined,
    (e: Error) => e.message.slice(0, 200),
  );
  const importSeconds = (performance.now() - t0) / 1000;
  const batch = JSON.stringify({
    mutations: ['Lote A', 'Lote B'].map((prefix) => ({
      method: 'POST',
      path: '/api/products/import-csv',
      idempotencyKey: `${prefix.replace(' ', '-')}-${Date.now()}`,
      body: JSON.stringify({ csvData: csv(BATCH_ROWS, prefix) }),
    })),
  });
  const tb = performance.now();
  const replaying = fetch(`${server.url}/api/sync/replay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${c}` },
    body: batch,
    signal: AbortSignal.timeout(LIMIT_MS),
  }).then(async (r) => {
    const text = await r.text();
    if (!r.ok || !text.includes('"status":200')) throw new Error(`replay ${r.status} ${text}`);
  });
  const loadBatch = load();
  const duringBatch = stats(await probe(server.url, b, replaying));
  const batchError = await replaying.then(
    () => undefined,
    (e: Error) => e.message.slice(0, 200),
  );
  const batchSeconds = (performance.now() - tb) / 1000;
  // One more product: a list of exactly 2,000, 3,000… rows never ended behind gzip before the
  // fix in list-json.ts, and the old checkout must be measured too.
  await fetch(`${server.url}/api/products/import-csv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${a}` },
    body: JSON.stringify({ csvData: csv(1, 'Mais um') }),
  });
  const t1 = performance.now();
  const loadLists = load();
  const listing = Promise.all(
    [1, 2, 3].map(() =>
      fetch(`${server.url}/api/products`, {
        headers: { authorization: `Bearer ${a}` },
        signal: AbortSignal.timeout(LIMIT_MS),
      }).then((r) => r.arrayBuffer()),
    ),
  );
  const duringLists = stats(await probe(server.url, b, listing));
  const listed = await listing.then(
    (bodies) => ({ sizes: bodies.map((x) => x.byteLength), error: undefined }),
    (e: Error) => ({ sizes: [] as number[], error: e.message.slice(0, 200) }),
  );
  const sizes = listed.sizes;
  console.log(
    JSON.stringify({
      checkout,
      database: label,
      rows: ROWS,
      importSeconds: +importSeconds.toFixed(1),
      importError,
      storeBDuringImport: { ...duringImport, load: loadImport },
      batchRows: 2 * BATCH_ROWS,
      batchSeconds: +batchSeconds.toFixed(1),
      batchError,
      storeBDuringBatch: { ...duringBatch, load: loadBatch },
      listsSeconds: +((performance.now() - t1) / 1000).toFixed(1),
      listMB: +((sizes[0] ?? 0) / 1048576).toFixed(1),
      listError: listed.error,
      storeBDuringLists: { ...duringLists, load: loadLists },
    }),
  );
}

async function onPglite(checkout: { label: string; dir: string }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-bench-fair-'));
  const lite = await startChild(
    'server/main.ts',
    { DATA_DIR: dataDir, DATABASE_URL: '' },
    '/api/health',
    checkout.dir,
  );
  try {
    await run('PGlite', checkout.label, lite);
  } finally {
    await lite.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(checkout: { label: string; dir: string }) {
  const db = await pgDatabase();
  const server = await startChild(
    'server/main.ts',
    { DATABASE_URL: db.url },
    '/api/health',
    checkout.dir,
  );
  try {
    await run('PostgreSQL', checkout.label, server);
  } finally {
    await server.stop();
    await db.drop();
  }
}

async function main() {
  console.log(
    `load: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const only = process.env.DATABASES ?? 'pglite,postgres';
  // Alternated: each database's runs follow one another, checkout by checkout.
  if (only.includes('pglite')) for (const c of CHECKOUTS) await onPglite(c);
  if (only.includes('postgres')) for (const c of CHECKOUTS) await onPostgres(c);
}

await main();

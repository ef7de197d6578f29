/**
 * Memory under big bodies: 40 simultaneous maximum-size requests (the CSV import's cap, the largest
 * route a signed-in owner reaches, plus 40 × 16 KB+ to login with no account) against the real
 * server on the embedded database; prints the server's peak resident memory.
 *
 *   npx tsx bench/body-memory.ts            (budget: under 400 MB resident)
 */
import { execFileSync } from 'node:child_process';
import fs, { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bodyCapOf } from '../server/body-caps';
import { defaultBusinessHours } from '../src/domain/hours';
import { pgDatabase, startChild } from './api-kit';

const CONCURRENT = Number(process.env.CONCURRENT ?? 40);

/** The pid listening on the server's port (other servers may run on this machine). */
function listeningPid(port: string): string {
  const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process listens on ${port}`);
  return pid;
}

/** Resident memory (MB) of one process, from /proc. */
function rssMb(pid: string): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function run(label: string, env: Record<string, string>) {
  const server = await startChild('server/main.ts', env, '/api/health');
  try {
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `mem-${Date.now()}@example.com`, password: 'senha-segura-1' }),
    });
    const { token } = (await reg.json()) as { token: string };
    const store = await fetch(`${server.url}/api/stores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Loja',
        cep: '01001000',
        logradouro: 'Rua',
        numero: '1',
        bairro: 'Bairro',
        cidade: 'Cidade',
        uf: 'SP',
        businessHours: defaultBusinessHours(),
      }),
    });
    if (!store.ok) throw new Error(`store: ${store.status}`);
    const pid = listeningPid(new URL(server.url).port);
    const serverRssMb = () => rssMb(pid);
    const idle = serverRssMb();
    const cap = bodyCapOf('/api/products/import-csv');
    // A CSV body just under the route's cap: the route reads all of it before refusing it as
    // too long, the worst case for memory.
    const row = 'Produto de teste com nome comprido,19.90,Descrição razoavelmente longa do item\n';
    const rows = Math.floor((cap - 64 * 1024) / Buffer.byteLength(JSON.stringify(row)));
    const body = JSON.stringify({ csvData: `name,price,description\n${row.repeat(rows)}` });
    if (Buffer.byteLength(body) >= cap) throw new Error('body over the cap');
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, serverRssMb());
    }, 50);
    const t0 = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: CONCURRENT }, () =>
        fetch(`${server.url}/api/products/import-csv`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        }).then((r) => r.status),
      ),
    );
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, serverRssMb());
    const counts: Record<number, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    console.log(
      JSON.stringify({
        database: label,
        concurrent: CONCURRENT,
        bodyMB: +(Buffer.byteLength(body) / 1024 / 1024).toFixed(2),
        statuses: counts,
        seconds: +seconds.toFixed(1),
        idleRssMB: idle,
        peakRssMB: peak,
        growthMB: peak - idle,
      }),
    );
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(
    `load: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-bench-mem-'));
  try {
    await run('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const db = await pgDatabase();
  try {
    await run('PostgreSQL', { DATABASE_URL: db.url });
  } finally {
    await db.drop();
  }
}

await main();

/**
 * Shared by the API benches: a server child process (as `npm start` runs it: the compiled bundle
 * under plain node, built from the checkout measured), a throwaway
 * PostgreSQL database and the store they measure (an owner, a store, 100 products).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { defaultBusinessHours } from '../src/domain/hours';
import { freePort } from '../tests/e2e/server';
import { spawnServer } from '../tests/server-process';

const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Child = { url: string; pid: number; stop(): Promise<void> };

const built = new Set<string>();

/**
 * How to run `script` in `cwd`: the server as production runs it (build/server/main.mjs, built
 * once per checkout and run), anything else (the bare Hono route) through tsx.
 */
function commandFor(script: string, cwd: string): [string, string[]] {
  if (script !== 'server/main.ts') return ['npx', ['tsx', script]];
  if (!built.has(cwd)) {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd, stdio: 'ignore' });
    built.add(cwd);
  }
  return [process.execPath, ['build/server/main.mjs']];
}

/** Resident memory (MB) of every process in a process group (the server and any child), from /proc. */
export function groupRssMb(group: number): number {
  let kb = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {
      // The process ended between the listing and the read: it holds no memory any more.
    }
  }
  return Math.round(kb / 1024);
}

export async function startChild(
  script: string,
  env: Record<string, string>,
  probe: string,
  cwd = process.cwd(),
): Promise<Child> {
  const [command, args] = commandFor(script, cwd);
  const { child, url } = await spawnServer(command, args, {
    port: await freePort(),
    env: { LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    probe,
    // Any answer will do: a caller that needs more (ready, migrated) asks for it itself.
    ready: () => true,
    timeoutMs: 180_000,
    cwd,
    stdio: 'inherit',
    detached: true,
  });
  return {
    url,
    pid: child.pid ?? 0,
    async stop() {
      if (child.pid && child.exitCode === null) {
        process.kill(-child.pid, 'SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      // npx exits before the server under it has drained and closed its database: wait for the
      // whole process group, so the next measurement does not share the CPU with a shutdown.
      for (let i = 0; child.pid && i < 300; i++) {
        try {
          process.kill(-child.pid, 0);
        } catch {
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

export async function pgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
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

/** How a bench reaches the app: over HTTP (overHttp) or in process (`app.request`). */
export type AppRequest = (path: string, init: RequestInit) => Response | Promise<Response>;

export const overHttp =
  (base: string): AppRequest =>
  (path, init) =>
    fetch(`${base}${path}`, init);

/** An owner with a store and 100 products; answers the bearer token. */
export async function seed(request: AppRequest): Promise<string> {
  const call = async (method: string, p: string, body: unknown, token?: string) => {
    const res = await request(p, {
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
    await request('/api/products', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as unknown[];
  if (list.length !== 100) throw new Error(`expected 100 products, got ${list.length}`);
  return token;
}

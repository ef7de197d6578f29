/**
 * Two compiled API processes behind Debian's nginx, as README's "Running in production" sets
 * them up: the bundle built into a temp folder, each process on its own port, nginx on a third
 * with its own config, logs and temp dirs. Every answer names the process that served it.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/server';
import { type ServerProcess, spawnServer } from '../server-process';
import type { JsonObject } from './test-app';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** Why this machine cannot run the proxy test, or null when it can. */
export function nginxMissing(): string | null {
  if (!fs.existsSync(NGINX)) {
    return `nginx not found at ${NGINX}: install it (apt-get install -y nginx) or set NGINX_PATH`;
  }
  return null;
}

/** The header nginx adds to every answer: the upstream address (`127.0.0.1:port`) that served it. */
export const UPSTREAM_HEADER = 'x-tali-upstream';

/** Builds the server bundle into a folder inside the checkout (its node_modules must resolve). */
export function buildServer(): { dir: string; remove(): void } {
  fs.mkdirSync('.tmp', { recursive: true });
  const dir = fs.mkdtempSync(path.resolve('.tmp', 'multi-process-'));
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--out', dir], { stdio: 'ignore' });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export type ApiProcess = ServerProcess;

/** Starts `node <bundle>/main.mjs` on `port`; resolves once /readyz answers 200. */
export function startApi(
  bundle: string,
  port: number,
  env: Record<string, string>,
): Promise<ApiProcess> {
  return spawnServer(process.execPath, [path.join(bundle, 'main.mjs')], {
    port,
    // Each process keeps its database elsewhere (env's DATABASE_URL), never a shared data folder.
    env: { ...env, DATA_DIR: '' },
    probe: '/readyz',
    ready: (status) => status === 200,
    timeoutMs: 60_000,
    stdio: 'keep',
  });
}

/** SIGTERM (a clean stop) or SIGKILL; resolves when the process is gone. */
export async function stopApi(api: ApiProcess, signal: 'SIGTERM' | 'SIGKILL') {
  if (api.child.exitCode !== null || api.child.signalCode !== null) return;
  const exited = new Promise((r) => api.child.once('exit', r));
  api.child.kill(signal);
  await exited;
}

/** A request through the proxy: status, parsed body and the upstream that answered. */
export type ProxyCall = <T = JsonObject>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) => Promise<{ status: number; body: T; upstream: string | null }>;

export type ReverseProxy = { url: string; call: ProxyCall; stop(): Promise<void> };

function callThrough(url: string): ProxyCall {
  return async <T>(method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = text;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // nginx's own 502 page is HTML: kept as text.
    }
    // "A, B" when nginx found A down and passed the request on: B answered.
    const upstream = res.headers.get(UPSTREAM_HEADER)?.split(', ').at(-1) ?? null;
    return { status: res.status, body: json as T, upstream };
  };
}

/** nginx in the foreground on a free port, round-robin over `ports`, like README's upstream. */
export async function startNginx(ports: number[]): Promise<ReverseProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-nginx-'));
  const port = await freePort();
  const conf = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream tali {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=1s;`).join('\n')}
    keepalive 8;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 10m;
    location / {
      proxy_pass http://tali;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      add_header X-Tali-Upstream $upstream_addr always;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const args = ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused its config: ${check.stderr}`);
  const child = spawn(NGINX, args, { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  while (
    !(await fetch(`${url}/healthz`).then(
      () => true,
      // nginx not listening yet.
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > until) {
      const log = fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
      throw new Error(`nginx did not start: ${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    call: callThrough(url),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

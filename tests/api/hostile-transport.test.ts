/** Hostile transport: clients hanging up mid-body, query errors in logs, path traversal on static files. */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv } from '../../server/env';
import { errorSummary } from '../../server/logger';
import { openRuntime, type Runtime } from '../../server/runtime';
import { createTestApp, type TestApp } from './test-app';
import { openTestPglite } from './test-databases';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
describe('error logs', () => {
  it('summarise a failed query without its parameters', async () => {
    const error = await t.db
      .execute(sql`select ${'11987654321 senha-secreta'}::int`)
      .catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    const line = errorSummary(error);
    expect(line).toMatch(/^query failed: /);
    expect(line).not.toContain('senha-secreta');
  });
});

describe('a client that hangs up mid-body', () => {
  it('is not logged as a server error', async () => {
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      written.push(String(chunk));
      return original(chunk, ...rest);
    }) as typeof process.stderr.write;
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const { port } = server.address() as AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n',
      );
      await new Promise((r) => setTimeout(r, 200));
      socket.destroy();
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      process.stderr.write = original;
      server.close();
    }
    expect(written.join('')).not.toContain('unhandled error');
  });
});

describe('static files', () => {
  let runtime: Runtime;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-hostile-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Talí</title>');
    const env = readEnv({ NODE_ENV: 'test' });
    runtime = await openRuntime({ env, database: await openTestPglite(), staticDir: dist });
  });
  afterAll(async () => {
    await runtime?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('never serves files outside the build folder and never fails', async () => {
    const { app } = runtime;
    const paths = [
      '/..%2f..%2fetc/passwd',
      '/assets/../../package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%00.js',
      '/assets/%E0%A4%A',
      `/${'a'.repeat(10_000)}.js`,
      '/..\\..\\package.json',
      '/api/../../package.json',
    ];
    for (const p of paths) {
      for (const accept of ['*/*', 'text/html']) {
        const res = await app.request(p, { headers: { accept } });
        const text = await res.text();
        expect(res.status, p).toBeLessThan(500);
        expect(text, p).not.toMatch(/"name":\s*"tali"|root:|node_modules|at \w+ \(/);
      }
    }
  });
});

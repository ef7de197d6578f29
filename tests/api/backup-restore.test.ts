/**
 * `npm run backup` / `npm run restore` of the embedded database (issue 25): a copy made while the
 * server runs (it holds DATA_DIR; the script asks it), restored into a fresh data folder, holds
 * every product, customer, campaign and payment; restore refuses a folder that is not empty.
 * PostgreSQL is backed up with pg_dump (README); only the refusal is checked there. The backup
 * command runs in its own process as an operator runs it (the running server answers its
 * signal); restore and the refusals go through the functions the two commands call.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { campaigns, customers, payments, products } from '../../server/db/schema';
import { readEnv } from '../../server/env';
import { backup, restore } from '../../server/ops/backup-restore';
import { openRuntime, type Runtime } from '../../server/runtime';
import { createOwner, newId } from './fixtures';
import type { TestApp } from './test-app';
import { copyPgliteTemplate } from './test-databases';

const pglite = process.env.TEST_DB !== 'postgres';

/** Runs an npm script's entry (node + tsx, as `npm run` does) with DATA_DIR. */
function run(script: 'backup', file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, file], {
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
    });
    child.stderr.on('data', (d) => {
      out += String(d);
    });
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Files and folders under `dir` that anyone but the owner may read, write or enter. */
function readableByOthers(dir: string): string[] {
  return [dir, ...fs.readdirSync(dir, { recursive: true }).map((n) => path.join(dir, String(n)))]
    .filter((p) => fs.statSync(p).mode & 0o077)
    .map((p) => `${p} ${modeOf(p).toString(8)}`);
}

const ids = async (db: Runtime['services']['db']) => ({
  products: (await db.select({ id: products.id }).from(products)).map((r) => r.id).sort(),
  customers: (await db.select({ id: customers.id }).from(customers)).map((r) => r.id).sort(),
  campaigns: (await db.select({ id: campaigns.id }).from(campaigns)).map((r) => r.id).sort(),
  payments: (await db.select({ id: payments.id }).from(payments)).map((r) => r.id).sort(),
});

describe.runIf(pglite)('backup and restore of the embedded database', () => {
  let root: string;
  let dataDir: string;
  let runtime: Runtime | undefined;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-backup-'));
    dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir);
    copyPgliteTemplate(dataDir);
    // As an older server left it: PG_VERSION 0666, the folder 0755.
    fs.chmodSync(path.join(dataDir, 'PG_VERSION'), 0o666);
    fs.chmodSync(dataDir, 0o755);
    // The server: holds DATA_DIR's lock in this process.
    runtime = await openRuntime({
      env: readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, PIX_PROVIDER: 'off' }),
    });
  });
  afterAll(async () => {
    await runtime?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const call = async (method: string, url: string, body: unknown, token: string) => {
    const res = await (runtime as Runtime).app.request(url, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return res.status;
  };

  it('copies the database while the server runs and restores every record into a fresh folder', async () => {
    const live = runtime as Runtime;
    const owner = await createOwner({ db: live.services.db } as unknown as TestApp);
    for (let i = 0; i < 5; i++) {
      const status = await call(
        'POST',
        '/api/products',
        { id: newId(), name: `Produto ${i}`, price: `${i + 1}.50`, active: true },
        owner.token,
      );
      expect(status).toBe(201);
      const customer = { id: newId(), name: `Cliente ${i}`, phone: `1198888${1000 + i}` };
      expect(await call('POST', '/api/customers', customer, owner.token)).toBe(201);
    }
    const db = live.services.db;
    const [campaign] = await db
      .insert(campaigns)
      .values({ storeId: owner.storeId, titulo: 'Promo', mensagem: 'Oi' })
      .returning({ id: campaigns.id });
    await db.insert(payments).values({
      campaignId: campaign?.id as string,
      storeId: owner.storeId,
      valor: '25.00',
      status: 'pago',
      txid: newId().replaceAll('-', ''),
    });
    const before = await ids(db);
    expect(before.products).toHaveLength(5);

    // The real command, in its own process: it asks the running server for the copy.
    const file = path.join(root, 'copias', 'tali.tar.gz');
    const made = await run('backup', file, { DATA_DIR: dataDir });
    expect(made.out).toContain('feita pelo servidor em execução');
    expect(made.code).toBe(0);
    // It holds the VAPID private key and every customer: the operator's user alone reads it.
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(dataDir)).toBe(0o700);
    // The server went on working while and after it copied.
    expect(await call('POST', '/api/products', { name: 'Depois', price: '1' }, owner.token)).toBe(
      201,
    );
    expect(fs.readdirSync(dataDir).filter((n) => n.includes('backup'))).toEqual([
      '.tali-backup-ready',
    ]);
    // The refusals, through the functions the commands call (a process each costs ~10 s of
    // start-up, 40 s on a loaded machine, for the same code).
    const env = readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    await expect(backup(env, path.join(dataDir, 'copia.tar.gz'))).rejects.toThrow(
      'fora de DATA_DIR',
    );
    await expect(backup(env, file)).rejects.toThrow('já existe');

    const fresh = path.join(root, 'restaurado');
    await restore(readEnv({ NODE_ENV: 'test', DATA_DIR: fresh }), file);
    // The copy carries none of the running server's files: a server can start on it.
    expect(fs.readdirSync(fresh).filter((n) => n.startsWith('.tali'))).toEqual([]);
    const copyRuntime = await openRuntime({
      env: readEnv({ NODE_ENV: 'test', DATA_DIR: fresh, PIX_PROVIDER: 'off' }),
    });
    try {
      expect(await ids(copyRuntime.services.db)).toEqual(before);
    } finally {
      await copyRuntime.stop();
    }

    await expect(restore(readEnv({ NODE_ENV: 'test', DATA_DIR: fresh }), file)).rejects.toThrow(
      'não está vazia',
    );

    const garbage = path.join(root, 'lixo.tar.gz');
    fs.writeFileSync(garbage, 'isto não é uma cópia');
    const empty = path.join(root, 'vazia');
    await expect(restore(readEnv({ NODE_ENV: 'test', DATA_DIR: empty }), garbage)).rejects.toThrow(
      'não é uma cópia do Talí',
    );
    expect(fs.readdirSync(empty)).toEqual([]);
  }, 300_000);

  it('copies a stopped server’s folder by opening it itself', async () => {
    await runtime?.stop();
    runtime = undefined;
    const file = path.join(root, 'parado.tar.gz');
    const made = await backup(readEnv({ NODE_ENV: 'test', DATA_DIR: dataDir }), file);
    expect(made.via).toBe('direct');
    expect(modeOf(file)).toBe(0o600);
    // The stopped server left every file of its folder owner-only (PGlite makes them 0666).
    expect(readableByOthers(dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, '.tali.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, '.tali-backup-ready'))).toBe(false);
    const fresh = path.join(root, 'restaurado-2');
    await restore(readEnv({ NODE_ENV: 'test', DATA_DIR: fresh }), file);
    expect(readableByOthers(fresh)).toEqual([]);
    const copy = await openPglite(fresh);
    try {
      expect((await ids(copy.db)).products).toHaveLength(6);
    } finally {
      await copy.close();
    }
  }, 120_000);
});

describe('backup with PostgreSQL', () => {
  it('points to pg_dump and pg_restore instead of copying', async () => {
    const env = readEnv({ NODE_ENV: 'test', DATABASE_URL: 'postgres://u@127.0.0.1:5432/x' });
    await expect(backup(env, path.join(os.tmpdir(), 'nunca.tar.gz'))).rejects.toThrow('pg_dump');
    await expect(restore(env, path.join(os.tmpdir(), 'nunca.tar.gz'))).rejects.toThrow(
      'pg_restore',
    );
  });
});

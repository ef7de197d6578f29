/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` for the embedded database (DATA_DIR).
 * PostgreSQL is backed up with its own tools (pg_dump / pg_restore, see the README).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock';
import { BACKUP_SIGNAL, backupFiles, isTaliFile, readyFile } from '../db/backup-requests';
import { dumpPglite, durableStartParams } from '../db/client';
import type { Env } from '../env';
import { tightenDir } from './file-modes';

/** A failure the operator can act on: printed as is, exit code 1. */
export class BackupError extends Error {}

const POSTGRES_BACKUP =
  'Com DATABASE_URL (PostgreSQL), use as ferramentas do PostgreSQL: ' +
  'pg_dump --format=custom --file=<arquivo> "$DATABASE_URL" (veja "Running in production" no README).';
const POSTGRES_RESTORE =
  'Com DATABASE_URL (PostgreSQL), restaure com pg_restore --no-owner --dbname="$DATABASE_URL" <arquivo> ' +
  '(veja "Running in production" no README).';

/** How long a running server may take to write the copy. */
const SERVER_BACKUP_TIMEOUT_MS = 10 * 60_000;

function lockOwner(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, '.tali.lock'), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const hasDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/** Asks the server holding `dataDir` (pid) to write a copy to `file`. */
async function askRunningServer(dataDir: string, pid: number, file: string, timeoutMs: number) {
  let answering = '';
  try {
    answering = fs.readFileSync(readyFile(dataDir), 'utf8').trim();
  } catch {
    // no marker: see below
  }
  if (answering !== String(pid)) {
    throw new BackupError(
      `O servidor em execução (pid ${pid}) não aceita pedidos de backup (uma versão anterior?). ` +
        'Pare-o e rode o backup de novo: com o servidor parado, a cópia é feita direto da pasta.',
    );
  }
  const id = randomUUID();
  const files = backupFiles(dataDir, id);
  fs.writeFileSync(files.request, `${file}\n`);
  try {
    process.kill(pid, BACKUP_SIGNAL);
  } catch (error) {
    fs.rmSync(files.request, { force: true });
    throw new BackupError(
      `Não foi possível avisar o servidor (pid ${pid}): ${(error as Error).message}. ` +
        'Rode o backup com o mesmo usuário do servidor.',
    );
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (fs.existsSync(file)) return;
    if (fs.existsSync(files.failed)) {
      const reason = fs.readFileSync(files.failed, 'utf8');
      fs.rmSync(files.failed, { force: true });
      throw new BackupError(`O servidor não conseguiu gravar a cópia: ${reason}`);
    }
    if (Date.now() > deadline) {
      fs.rmSync(files.request, { force: true });
      throw new BackupError(
        `O servidor (pid ${pid}) não respondeu em ${timeoutMs / 1000} s. ` +
          'Ele é uma versão do Talí com backup? Veja os logs do servidor.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Writes a consistent copy of the embedded database to `target` (a .tar.gz of the data folder):
 * through the running server when one holds DATA_DIR, else by opening DATA_DIR itself.
 */
export async function backup(
  env: Env,
  target: string,
  { timeoutMs = SERVER_BACKUP_TIMEOUT_MS } = {},
): Promise<{ bytes: number; via: 'server' | 'direct' }> {
  if (env.DATABASE_URL) throw new BackupError(POSTGRES_BACKUP);
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.resolve(target);
  if (!hasDatabase(dataDir)) throw new BackupError(`Não há banco de dados em ${dataDir}.`);
  if (fs.existsSync(file)) throw new BackupError(`${file} já existe: escolha outro nome.`);
  if (file.startsWith(`${dataDir}${path.sep}`)) {
    throw new BackupError('Grave a cópia fora de DATA_DIR (ela entraria na próxima cópia).');
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });

  let release: (() => void) | null = null;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
  }
  if (!release) {
    const pid = lockOwner(dataDir);
    if (!pid) throw new BackupError('O servidor está iniciando ou parando: tente de novo.');
    await askRunningServer(dataDir, pid, file, timeoutMs);
    return { bytes: fs.statSync(file).size, via: 'server' };
  }
  try {
    const options = { startParams: durableStartParams() } as unknown as PGliteOptions;
    const client = await PGlite.create(dataDir, options);
    try {
      const blob = await dumpPglite(client);
      fs.writeFileSync(`${file}.partial`, Buffer.from(await blob.arrayBuffer()), { mode: 0o600 });
      fs.renameSync(`${file}.partial`, file);
      return { bytes: blob.size, via: 'direct' };
    } finally {
      await client.close();
      // Opening it wrote files (pg_internal.init) with PGlite's own modes.
      tightenDir(dataDir);
    }
  } finally {
    release();
  }
}

/** Fills an empty (or missing) DATA_DIR from a copy made by `backup`. */
export async function restore(env: Env, source: string): Promise<void> {
  if (env.DATABASE_URL) throw new BackupError(POSTGRES_RESTORE);
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.resolve(source);
  if (!fs.existsSync(file)) throw new BackupError(`${file} não existe.`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `${dataDir} não está vazia: a restauração só preenche uma pasta de dados vazia. ` +
        'Pare o servidor e mova a pasta atual para outro lugar (ou use outra DATA_DIR).',
    );
  }
  const release = lockDataDir(dataDir);
  try {
    const blob = new Blob([fs.readFileSync(file)]);
    let client: PGlite;
    try {
      const options = { loadDataDir: blob, startParams: durableStartParams() };
      client = await PGlite.create(dataDir, options as unknown as PGliteOptions);
    } catch (error) {
      throw new BackupError(
        `${file} não é uma cópia do Talí que possa ser restaurada: ${(error as Error).message}`,
      );
    }
    await client.exec('CHECKPOINT');
    await client.close();
    // The copy holds the old server's lock and markers: not this folder's.
    for (const name of fs.readdirSync(dataDir)) {
      if (isTaliFile(name) && name !== '.tali.lock') fs.rmSync(path.join(dataDir, name));
    }
    fs.writeFileSync(path.join(dataDir, '.tali.lock'), `${process.pid}\n`, { mode: 0o600 });
    tightenDir(dataDir);
  } catch (error) {
    // Leave nothing half-restored behind (the copy's lock included): the folder was empty.
    for (const name of fs.readdirSync(dataDir)) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    throw error;
  } finally {
    release();
  }
}

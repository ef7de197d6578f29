/**
 * Backups of the embedded database (PGlite in DATA_DIR) while the server runs.
 *
 * Only one process may open a data dir (server/data-dir-lock.ts), so `npm run backup` cannot open
 * it next to a running server. It asks the server instead: it writes a request file into DATA_DIR
 * and sends the lock's pid SIGUSR2; the server dumps its database (PGlite's `dumpDataDir`, taken
 * between transactions with no query running, after a CHECKPOINT: a consistent copy) to the file
 * the request names (outside DATA_DIR, never over an existing file). Whoever can write DATA_DIR and signal the server
 * could read the database anyway: nothing new is exposed, and no port or token is involved.
 * Without a running server the script opens the data dir itself (scripts/backup.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorSummary, logger } from '../logger';

export const BACKUP_SIGNAL = 'SIGUSR2';
const REQUEST_PREFIX = '.tali-backup-request-';

/**
 * Holds the pid of the process that answers backup requests for this folder. SIGUSR2 kills a
 * Node process that does not listen for it (an older server): the script signals only this pid.
 */
export const readyFile = (dataDir: string) => path.join(dataDir, '.tali-backup-ready');

/**
 * Files of one request `id` in `dataDir`: the request (its content: the absolute path the copy
 * goes to, outside DATA_DIR so that no copy ends up inside the next one) and its failure.
 */
export function backupFiles(dataDir: string, id: string) {
  return {
    request: path.join(dataDir, `${REQUEST_PREFIX}${id}`),
    failed: path.join(dataDir, `.tali-backup-${id}.error`),
  };
}

/** Talí's own files in a data folder (lock, markers): not the database's, dropped on restore. */
export const isTaliFile = (name: string) => name.startsWith('.tali');

/**
 * Answers backup requests for `dataDir` on SIGUSR2 with `dump()`. Returns the function that stops
 * answering (the database is closing). Requests are taken one at a time.
 */
export function answerBackupRequests(dataDir: string, dump: () => Promise<Blob>): () => void {
  let running: Promise<void> = Promise.resolve();
  const handle = () => {
    running = running.then(async () => {
      let names: string[] = [];
      try {
        names = fs.readdirSync(dataDir).filter((n) => n.startsWith(REQUEST_PREFIX));
      } catch {
        return;
      }
      for (const name of names) {
        const id = name.slice(REQUEST_PREFIX.length);
        if (!/^[0-9a-f-]{8,64}$/.test(id)) continue;
        const files = backupFiles(dataDir, id);
        let target = '';
        let partial = '';
        try {
          target = fs.readFileSync(files.request, 'utf8').trim();
          fs.rmSync(files.request, { force: true });
          const inside = path.resolve(target).startsWith(`${path.resolve(dataDir)}${path.sep}`);
          if (!path.isAbsolute(target) || inside) {
            throw new Error('destino inválido: um caminho absoluto fora de DATA_DIR');
          }
          const blob = await dump();
          partial = `${target}.partial-${id}`;
          fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()), {
            flag: 'wx',
            mode: 0o600,
          });
          // link, not rename: an existing file is never replaced.
          fs.linkSync(partial, target);
          fs.rmSync(partial, { force: true });
          logger.info('cópia de segurança gravada', { bytes: blob.size });
        } catch (error) {
          if (partial) fs.rmSync(partial, { force: true });
          fs.writeFileSync(files.failed, String((error as Error).message ?? error));
          logger.error('cópia de segurança falhou', { error: errorSummary(error) });
        }
      }
    });
  };
  process.on(BACKUP_SIGNAL, handle);
  const ready = readyFile(dataDir);
  try {
    fs.writeFileSync(ready, `${process.pid}\n`);
  } catch (error) {
    logger.warn('backup requests unavailable', { error: errorSummary(error) });
  }
  return () => {
    process.off(BACKUP_SIGNAL, handle);
    try {
      if (fs.readFileSync(ready, 'utf8').trim() === String(process.pid)) fs.rmSync(ready);
    } catch {
      // already gone
    }
  };
}

/**
 * Backups of the embedded database (PGlite in DATA_DIR) while the server runs.
 *
 * Only one process may open a data dir (server/data-dir-lock.ts), so `npm run backup` cannot open
 * it next to a running server. It asks the server instead: it writes a request file into DATA_DIR
 * and sends the lock's pid SIGUSR2; the server dumps its database (PGlite's `dumpDataDir`, taken
 * between transactions with no query running, after a CHECKPOINT: a consistent copy) into DATA_DIR,
 * and the script moves it to where it was asked. Whoever can write DATA_DIR and signal the server
 * could read the database anyway: nothing new is exposed, and no port or token is involved.
 * Without a running server the script opens the data dir itself (scripts/backup.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { errorSummary, logger } from '../logger';

export const BACKUP_SIGNAL = 'SIGUSR2';
const REQUEST_PREFIX = '.tali-backup-request-';

/** Files of one request `id` in `dataDir`: the request, the finished dump, its failure. */
export function backupFiles(dataDir: string, id: string) {
  return {
    request: path.join(dataDir, `${REQUEST_PREFIX}${id}`),
    partial: path.join(dataDir, `.tali-backup-${id}.tar.gz.partial`),
    done: path.join(dataDir, `.tali-backup-${id}.tar.gz`),
    failed: path.join(dataDir, `.tali-backup-${id}.error`),
  };
}

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
        fs.rmSync(files.request, { force: true });
        try {
          const blob = await dump();
          fs.writeFileSync(files.partial, Buffer.from(await blob.arrayBuffer()));
          fs.renameSync(files.partial, files.done);
          logger.info('cópia de segurança gravada', { bytes: blob.size });
        } catch (error) {
          fs.rmSync(files.partial, { force: true });
          fs.writeFileSync(files.failed, String((error as Error).message ?? error));
          logger.error('cópia de segurança falhou', { error: errorSummary(error) });
        }
      }
    });
  };
  process.on(BACKUP_SIGNAL, handle);
  return () => {
    process.off(BACKUP_SIGNAL, handle);
  };
}

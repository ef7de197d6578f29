/**
 * Only the server's user reads its data: the database files (DATA_DIR), the media folder and the
 * backups hold customers' phones and the VAPID private key. New files are private by the process's
 * umask; PGlite chmods the files it creates to 0666 whatever the umask, so the folder's 0700 is
 * what keeps others out, and the files' modes are tightened again at every start.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Files 0600, folders 0700 for everything this process creates from now on. */
export function privateFileModes(): void {
  process.umask(0o077);
}

/**
 * `dir` 0700 and everything in it owner-only (group and other bits removed; the owner's bits kept,
 * so a folder stays traversable). Missing: nothing to do.
 */
export function tightenDir(dir: string): void {
  const walk = (current: string) => {
    const stat = fs.lstatSync(current, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) fs.chmodSync(current, stat.mode & 0o700);
    if (!stat.isDirectory()) return;
    for (const name of fs.readdirSync(current)) walk(path.join(current, name));
  };
  walk(dir);
}

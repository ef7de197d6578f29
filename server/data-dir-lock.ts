/** One process per embedded data dir: a pid lock file, so two servers never open one PGlite. */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/** What /proc says of a pid (Linux): its state letter and start time (clock ticks since boot). */
type ProcStat = { state: string; startTime: string };

/** null when the pid does not exist; undefined where there is no /proc (macOS: kill(0) only). */
export function procStat(pid: number | 'self'): ProcStat | null | undefined {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // no such process (ENOENT) or gone between the check and the read
  }
  // The command name (field 2) is in parentheses and may hold spaces or ')': read past the last.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: rest[0] ?? '', startTime: rest[19] ?? '' };
}

/**
 * Whether the lock's owner still runs: not if its pid is gone, a zombie (killed, not yet reaped by
 * its parent: kill(pid, 0) still succeeds on it), or a different process that got the pid since
 * (its start time is not the one the owner wrote).
 */
function isAlive(pid: number, startTime: string | null): boolean {
  const stat = procStat(pid);
  if (stat === null) return false;
  if (stat !== undefined) {
    if (stat.state === 'Z' || stat.state === 'X') return false;
    return startTime === null || stat.startTime === startTime;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock's `<pid> [<start time>]`; a lock from before the start time is a pid alone. */
function readOwner(lockPath: string): { pid: number; startTime: string | null } | null {
  try {
    const [pidText, startTime] = fs.readFileSync(lockPath, 'utf8').trim().split(/\s+/);
    const pid = Number.parseInt(pidText ?? '', 10);
    if (!Number.isInteger(pid) || pid <= 0) return null;
    return { pid, startTime: startTime && /^\d+$/.test(startTime) ? startTime : null };
  } catch {
    return null; // gone meanwhile or unreadable: no live owner to respect, the loop tries again
  }
}

/**
 * Creates `<dataDir>/.tali.lock` holding our pid and start time (O_EXCL, so only one creator
 * wins). A lock left by a dead process (kill -9, power cut, a zombie not yet reaped, its pid
 * reused since) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, '.tali.lock');
  const self = procStat('self');
  const contents = self ? `${process.pid} ${self.startTime}\n` : `${process.pid}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, contents);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return () => {
        if (readOwner(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(lockPath);
    // Our own pid can be in a stale file after a container restart (pid 1 again).
    if (owner !== null && owner.pid !== process.pid && isAlive(owner.pid, owner.startTime)) {
      throw new DataDirLockedError(
        `Outro processo do Talí (pid ${owner.pid}) já está usando a pasta de dados ${path.resolve(dataDir)}. ` +
          'Pare-o antes de iniciar outro, ou use outra DATA_DIR. ' +
          `Se tiver certeza de que nenhum está rodando, apague ${lockPath}.`,
      );
    }
    fs.rmSync(lockPath, { force: true });
  }
  throw new DataDirLockedError(`Não foi possível obter o bloqueio ${lockPath}. Tente novamente.`);
}

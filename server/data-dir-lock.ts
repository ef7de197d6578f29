/** One process per embedded data dir: a pid lock file, so two servers never open one PGlite. */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else — still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null; // gone meanwhile or unreadable: no live owner to respect, the loop tries again
  }
}

/**
 * Creates `<dataDir>/.tali.lock` holding our pid (O_EXCL, so only one creator wins). A lock left
 * by a dead process (kill -9, power cut) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, '.tali.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, `${process.pid}\n`);
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return () => {
        if (readPid(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readPid(lockPath);
    // Our own pid can be in a stale file after a container restart (pid 1 again).
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(
        `Outro processo do Talí (pid ${owner}) já está usando a pasta de dados ${path.resolve(dataDir)}. ` +
          'Pare-o antes de iniciar outro, ou use outra DATA_DIR. ' +
          `Se tiver certeza de que nenhum está rodando, apague ${lockPath}.`,
      );
    }
    fs.rmSync(lockPath, { force: true });
  }
  throw new DataDirLockedError(`Não foi possível obter o bloqueio ${lockPath}. Tente novamente.`);
}

/** The data-dir lock: refuses a live owner, takes over a dead one's lock, releases on shutdown. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, procStat } from './data-dir-lock';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-lock-'));
  dirs.push(dir);
  return dir;
}
const lockPid = (dir: string) =>
  fs.readFileSync(path.join(dir, '.tali.lock'), 'utf8').split(' ')[0]?.trim();

/** The first line a child prints, as a pid. */
function firstLine(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number.parseInt(String(chunk), 10)));
    child.once('error', reject);
  });
}

async function waitFor(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('writes our pid in DATA_DIR/.tali.lock and removes it on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const lock = path.join(dir, '.tali.lock');
    const [pid, startTime] = fs.readFileSync(lock, 'utf8').trim().split(' ');
    expect(pid).toBe(String(process.pid));
    expect(startTime).toBe(procStat('self')?.startTime);
    expect(fs.statSync(lock).mode & 0o777).toBe(0o600);
    release();
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('refuses while another live process holds the folder', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      fs.writeFileSync(path.join(dir, '.tali.lock'), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`pid ${other.pid}`);
      expect(fs.readFileSync(path.join(dir, '.tali.lock'), 'utf8').trim()).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died (kill -9, power cut)', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']);
    const deadPid = String(dead.stdout).trim();
    fs.writeFileSync(path.join(dir, '.tali.lock'), `${deadPid}\n`);
    const release = lockDataDir(dir);
    expect(lockPid(dir)).toBe(String(process.pid));
    release();
  });

  it('takes over the lock of a killed server its parent has not reaped yet (a zombie)', async () => {
    const dir = tempDir();
    // `sleep 0` exits at once; its parent then becomes `sleep 30`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30']);
    try {
      const zombie = await firstLine(parent);
      await waitFor(() => procStat(zombie)?.state === 'Z');
      expect(() => process.kill(zombie, 0)).not.toThrow(); // why kill(pid, 0) alone was fooled
      fs.writeFileSync(path.join(dir, '.tali.lock'), `${zombie}\n`);
      const release = lockDataDir(dir);
      expect(lockPid(dir)).toBe(String(process.pid));
      release();
    } finally {
      parent.kill();
    }
  });

  it('takes over a lock whose pid now belongs to another process (pid reused)', () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      const pid = other.pid ?? 0;
      const real = procStat(pid)?.startTime;
      expect(real).toMatch(/^\d+$/);
      // Written by the server that had this pid before: same pid, another start time.
      fs.writeFileSync(path.join(dir, '.tali.lock'), `${pid} ${Number(real) - 1}\n`);
      const release = lockDataDir(dir);
      expect(lockPid(dir)).toBe(String(process.pid));
      release();
      // The same pid with its own start time is the live owner: refused.
      fs.writeFileSync(path.join(dir, '.tali.lock'), `${pid} ${real}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      other.kill();
    }
  });

  it('takes over an empty or garbled lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.tali.lock'), 'not a pid');
    expect(() => lockDataDir(dir)()).not.toThrow();
  });
});

/** The data-dir lock: refuses a live owner, takes over a dead one's lock, releases on shutdown. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('writes our pid in DATA_DIR/.tali.lock and removes it on release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    const lock = path.join(dir, '.tali.lock');
    expect(fs.readFileSync(lock, 'utf8').trim()).toBe(String(process.pid));
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
    expect(fs.readFileSync(path.join(dir, '.tali.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('takes over an empty or garbled lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.tali.lock'), 'not a pid');
    expect(() => lockDataDir(dir)()).not.toThrow();
  });
});

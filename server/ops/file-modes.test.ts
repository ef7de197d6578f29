/** Owner-only data: tightenDir fixes what an older server left open; the media folder's files. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyPgliteTemplate } from '../../tests/api/test-databases';
import { lockDataDir } from '../data-dir-lock';
import { readEnv } from '../env';
import { openDatabase } from '../runtime';
import { dirMediaStore } from '../services/media/dir-media-store';
import { tightenDir } from './file-modes';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tali-modes-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('file modes', () => {
  it('tightenDir makes a folder 0700 and every file and folder in it owner-only', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'base', '1'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    fs.writeFileSync(path.join(dir, 'base', '1', '1259'), 'x');
    fs.chmodSync(path.join(dir, 'PG_VERSION'), 0o666);
    fs.chmodSync(path.join(dir, 'base', '1', '1259'), 0o644);
    fs.chmodSync(path.join(dir, 'base'), 0o755);
    fs.chmodSync(dir, 0o755);
    tightenDir(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'base'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'base', '1'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'PG_VERSION'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'base', '1', '1259'))).toBe(0o600);
    expect(() => tightenDir(path.join(dir, 'nada'))).not.toThrow();
  });

  it('a new data folder and its lock are owner-only', () => {
    const dir = path.join(tempDir(), 'data');
    const release = lockDataDir(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, '.tali.lock'))).toBe(0o600);
    release();
  });

  it('the media folder: made or found open, it is 0700 and its photos 0600', async () => {
    const dir = path.join(tempDir(), 'media');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, 'old-480.jpg'), 'jpg');
    fs.chmodSync(path.join(dir, 'old-480.jpg'), 0o644);
    const store = dirMediaStore(dir);
    await store.put('abc-480.webp', { contentType: 'image/webp', bytes: Buffer.from('webp') });
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(path.join(dir, 'abc-480.webp'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'old-480.jpg'))).toBe(0o600);
  });

  it('opening the embedded database tightens DATA_DIR as an older server left it', async () => {
    const dir = path.join(tempDir(), 'data');
    fs.mkdirSync(dir);
    copyPgliteTemplate(dir);
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(path.join(dir, 'PG_VERSION'), 0o666);
    const second = await openDatabase(readEnv({ NODE_ENV: 'test', DATA_DIR: dir }));
    try {
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(path.join(dir, 'PG_VERSION'))).toBe(0o600);
    } finally {
      await second.close();
    }
    const open = fs
      .readdirSync(dir, { recursive: true })
      .map((n) => path.join(dir, String(n)))
      .filter((p) => fs.statSync(p).mode & 0o077);
    expect(open).toEqual([]);
  }, 120_000);
});

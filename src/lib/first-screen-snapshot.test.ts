import { describe, expect, it } from 'vitest';
import {
  clearSnapshot,
  keepSnapshot,
  makeSnapshot,
  readSnapshot,
  SNAPSHOT_KEY,
  SNAPSHOT_ROWS,
  type SnapshotRow,
} from './first-screen-snapshot';

function memoryStorage() {
  const items = new Map<string, string>();
  let writes = 0;
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes++;
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
    writes: () => writes,
  };
}

const row = (i: number, over: Partial<SnapshotRow> = {}): SnapshotRow => ({
  name: `Produto ${i}`,
  price: 'R$ 10,00',
  active: true,
  stock: null,
  description: '',
  ...over,
});

describe('the products list snapshot (painted before the app, decision 028)', () => {
  it('is read back only for the user who kept it; another user never sees it', () => {
    const storage = memoryStorage();
    keepSnapshot(storage, makeSnapshot('ana', '2 produtos', [row(1), row(2)]));
    expect(readSnapshot(storage, 'ana')?.rows.map((r) => r.name)).toEqual([
      'Produto 1',
      'Produto 2',
    ]);
    expect(readSnapshot(storage, 'bia')).toBeNull();
    // Another user's snapshot is removed, not kept for later.
    expect(storage.getItem(SNAPSHOT_KEY)).toBeNull();
    expect(readSnapshot(storage, 'ana')).toBeNull();
  });

  it('is cleared on request (sign-out, sign-in)', () => {
    const storage = memoryStorage();
    keepSnapshot(storage, makeSnapshot('ana', '1 produto', [row(1)]));
    clearSnapshot(storage);
    expect(readSnapshot(storage, 'ana')).toBeNull();
  });

  it('is bounded: a screenful of rows, long texts cut', () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      row(i, { name: 'n'.repeat(5000), description: 'd'.repeat(5000) }),
    );
    const storage = memoryStorage();
    keepSnapshot(storage, makeSnapshot('ana', '500 produtos', many));
    const kept = readSnapshot(storage, 'ana');
    expect(kept?.rows).toHaveLength(SNAPSHOT_ROWS);
    expect((storage.getItem(SNAPSHOT_KEY) ?? '').length).toBeLessThan(12_000);
    expect(kept?.rows[0]?.name.length).toBeLessThanOrEqual(120);
  });

  it('is written again only when what it shows changed, and replaced when it did', () => {
    const storage = memoryStorage();
    keepSnapshot(storage, makeSnapshot('ana', '1 produto', [row(1)]));
    keepSnapshot(storage, makeSnapshot('ana', '1 produto', [row(1)]));
    expect(storage.writes()).toBe(1);
    keepSnapshot(storage, makeSnapshot('ana', '1 produto', [row(1, { price: 'R$ 12,00' })]));
    expect(readSnapshot(storage, 'ana')?.rows[0]?.price).toBe('R$ 12,00');
  });

  it('a damaged or foreign value is never painted', () => {
    for (const value of [
      '{',
      'null',
      '{"v":1,"userId":"ana","subtitle":"x","rows":[{"name":1}]}',
    ]) {
      const storage = memoryStorage();
      storage.setItem(SNAPSHOT_KEY, value);
      expect(readSnapshot(storage, 'ana'), value).toBeNull();
    }
  });

  it('a full or blocked storage costs only the fast open', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => keepSnapshot(full, makeSnapshot('ana', '1 produto', [row(1)]))).not.toThrow();
  });
});

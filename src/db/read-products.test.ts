import { afterEach, describe, expect, it } from 'vitest';
import { searchKey } from '~/domain/text';
import { TaliDb } from './db';
import { readProductsByName } from './read-products';

const db = new TaliDb(`read-${crypto.randomUUID()}`);
afterEach(() => db.products.clear());

const product = (id: string, name: string) => ({
  id,
  name,
  description: '',
  price: '1.00',
  priceCents: 100,
  active: 1 as const,
  searchKey: searchKey(name),
  revision: 0,
  pending: 0 as const,
  updatedAt: 0,
});

describe('readProductsByName', () => {
  it('returns every product in name order across slices, equal names included', async () => {
    const names = ['Pão', 'água', 'Café', 'cafe', 'Bolo', 'Açúcar', 'Zebu', 'Café'];
    await db.products.bulkPut(names.map((n, i) => product(`id-${i}`, n)));
    const rows = await readProductsByName(db, 3);
    expect(rows).toHaveLength(names.length);
    expect(rows.map((r) => r.searchKey)).toEqual([...names.map(searchKey)].sort());
    expect(new Set(rows.map((r) => r.id)).size).toBe(names.length);
  });
});

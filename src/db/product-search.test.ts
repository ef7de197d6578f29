import { describe, expect, it } from 'vitest';
import { searchKey } from '~/domain/text';
import type { LocalProduct } from './db';
import { filterProducts, filterSorted, searchRows } from './product-search';

const row = (name: string, priceCents: number, active: 0 | 1): LocalProduct => ({
  id: name,
  name,
  description: '',
  price: '',
  priceCents,
  stock: null,
  active,
  searchKey: searchKey(name),
  revision: 0,
  pending: 0,
  updatedAt: 0,
});

const rows = [
  row('Açúcar', 500, 1),
  row('Café Especial', 5990, 1),
  row('Cafeteira', 15000, 0),
  row('Pão', 75, 1),
].sort((a, b) => (a.searchKey < b.searchKey ? -1 : 1));

describe('filterProducts', () => {
  it("finds 'Café' when the owner types 'cafe', in any case", () => {
    expect(
      filterProducts(rows, { search: 'CAFE', status: 'all', sort: 'name' }).map((r) => r.name),
    ).toEqual(['Café Especial', 'Cafeteira']);
  });

  it('matches a substring in the middle of the name, accents ignored', () => {
    expect(
      filterProducts(rows, { search: 'ucar', status: 'all', sort: 'name' }).map((r) => r.name),
    ).toEqual(['Açúcar']);
  });

  it('filters by status and sorts by price ascending', () => {
    expect(
      filterProducts(rows, { search: '', status: 'active', sort: 'price' }).map((r) => r.name),
    ).toEqual(['Pão', 'Açúcar', 'Café Especial']);
    expect(
      filterProducts(rows, { search: '', status: 'inactive', sort: 'name' }).map((r) => r.name),
    ).toEqual(['Cafeteira']);
  });
});

describe('searchRows', () => {
  const many = Array.from({ length: 500 }, (_, i) =>
    row(`${['Café', 'Pão de queijo', 'Açúcar', 'água 2 L'][i % 4]} nº ${i}`, i, i % 3 ? 1 : 0),
  ).sort((a, b) => (a.searchKey < b.searchKey ? -1 : 1));

  it('finds what the row-by-row filter finds, in the same order, for every letter typed', () => {
    for (const typed of [
      'c',
      'ca',
      'caf',
      'cafe n',
      'nº 4',
      'nº 49',
      'a',
      '2 l',
      'zzz',
      'o de q',
    ]) {
      for (const status of ['all', 'active', 'inactive'] as const) {
        const key = searchKey(typed);
        expect(searchRows(many, key, status)).toEqual(filterSorted(many, key, status));
      }
    }
  });

  it('does not find text that runs from the end of one name into the next', () => {
    const pair = [row('Cafe', 1, 1), row('Pao', 2, 1)];
    expect(searchRows(pair, 'e\np', 'all')).toEqual([]);
    expect(searchRows(pair, 'cafep', 'all')).toEqual([]);
    expect(searchRows(pair, 'ao', 'all').map((r) => r.name)).toEqual(['Pao']);
  });
});

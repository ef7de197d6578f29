import { describe, expect, it } from 'vitest';
import { searchKey } from '~/domain/text';
import type { LocalProduct } from './db';
import { filterProducts } from './product-search';

const row = (name: string, priceCents: number, active: 0 | 1): LocalProduct => ({
  id: name,
  name,
  description: '',
  price: '',
  priceCents,
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

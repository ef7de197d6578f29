import { afterEach, describe, expect, it } from 'vitest';
import { SYNCED_ENTITIES } from '~/domain/sync/registry';
import { searchKey } from '~/domain/text';
import { TaliDb } from './db';
import { DEFER_MIN_ROWS, settleDeferred } from './deferred-pages';
import { readProductsByName } from './read-products';
import { applyPage } from './sync-engine';
import { feedProduct, json, syncPage, testContext } from './test-support';

const db = new TaliDb(`read-${crypto.randomUUID()}`);
afterEach(() => db.products.clear());

const product = (id: string, name: string) => ({
  id,
  name,
  description: '',
  price: '1.00',
  priceCents: 100,
  stock: null,
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
    const rows = await readProductsByName(db, { slice: 3 });
    expect(rows).toHaveLength(names.length);
    expect(rows.map((r) => r.searchKey)).toEqual([...names.map(searchKey)].sort());
    expect(new Set(rows.map((r) => r.id)).size).toBe(names.length);
  });

  it('answers the catalogue it was given when a re-read finds nothing changed', async () => {
    await db.products.bulkPut(['Pão', 'Café', 'Bolo'].map((n, i) => product(`id-${i}`, n)));
    const shown = await readProductsByName(db);
    // Written again as they were (as the deferred pages' row-by-row writes do).
    await db.products.bulkPut(await db.products.toArray());
    expect(await readProductsByName(db, { previous: shown })).toBe(shown);
  });

  it('shows a changed, a new and a deleted product at once, keeping the other rows as they were', async () => {
    await db.products.bulkPut(
      ['Pão', 'Café', 'Bolo', 'Milho'].map((n, i) => product(`id-${i}`, n)),
    );
    const shown = await readProductsByName(db);
    await db.products.update('id-1', { price: '2.50', priceCents: 250 });
    await db.products.put(product('id-9', 'Arroz'));
    await db.products.delete('id-3');
    const next = await readProductsByName(db, { previous: shown });
    expect(next).not.toBe(shown);
    expect(next.map((r) => r.name)).toEqual(['Arroz', 'Bolo', 'Café', 'Pão']);
    expect(next.find((r) => r.id === 'id-1')?.price).toBe('2.50');
    // The unchanged rows are the objects already on screen (their cards are not drawn again).
    const before = new Map(shown.map((r) => [r.id, r]));
    expect(next.filter((r) => r === before.get(r.id)).map((r) => r.name)).toEqual(['Bolo', 'Pão']);
  });
});

describe('readProductsByName while pull pages wait to be written', () => {
  it('shows the table and the waiting pages as one catalogue in name order, the same once written', async () => {
    const ctx = testContext(() => json(500, {}));
    // Already on the phone: 300 products, one of them edited offline.
    await ctx.db.products.bulkPut(
      Array.from({ length: 300 }, (_, i) => product(`t${i}`, `Velho ${i}`)),
    );
    await ctx.db.products.update('t7', {
      name: 'Editado aqui',
      searchKey: 'editado aqui',
      pending: 1,
    });
    // Two big pages in the feed's order, not the names': new products, renames and deletes.
    const names = ['Pão', 'água', 'Café', 'cafe', 'Bolo', 'Açúcar', 'Zebu', 'Café', 'milho'];
    const fresh = (from: number) =>
      Array.from({ length: DEFER_MIN_ROWS }, (_, i) =>
        feedProduct(
          `n${from + i}`,
          `${names[(from + i * 7) % names.length]} ${(i * 7919) % 1000}`,
          from + i + 1,
        ),
      );
    await applyPage(
      ctx.db,
      syncPage({
        products: [
          ...fresh(0),
          feedProduct('t1', 'Renomeado', 5000),
          feedProduct('t7', 'Do servidor', 5001),
        ],
        cursor: '1',
      }),
    );
    await applyPage(
      ctx.db,
      syncPage({
        products: [
          ...fresh(DEFER_MIN_ROWS),
          { id: 't2', deleted: true as const, revision: 6000 },
          feedProduct('t1', 'Renomeado de novo', 6001),
        ],
        cursor: '2',
      }),
    );
    expect(await ctx.db.deferred.count()).toBeGreaterThan(0);

    const shown = await readProductsByName(ctx.db);
    expect(shown).toHaveLength(300 - 1 + 2 * DEFER_MIN_ROWS);
    expect(shown.map((r) => r.searchKey)).toEqual(shown.map((r) => r.searchKey).sort());
    expect(shown.find((r) => r.id === 't1')?.name).toBe('Renomeado de novo');
    expect(shown.find((r) => r.id === 't7')?.name).toBe('Editado aqui');
    expect(shown.some((r) => r.id === 't2')).toBe(false);

    await settleDeferred(ctx.db, SYNCED_ENTITIES);
    expect(await ctx.db.deferred.count()).toBe(0);
    expect(await readProductsByName(ctx.db)).toEqual(shown);
    await ctx.db.delete();
  }, 20_000);
});

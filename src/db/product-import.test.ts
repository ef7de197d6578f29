import { afterEach, describe, expect, it } from 'vitest';
import { parseProductCsv } from '~/domain/product-csv';
import { importProducts } from './product-import';
import { json, testContext } from './test-support';

let ctx = testContext(() => json(500, {}));
afterEach(() => ctx.db.delete());

const rows = Array.from({ length: 1200 }, (_, i) => ({
  name: `Produto ${i}`,
  description: i % 2 ? 'Descrição; com ponto e vírgula' : '',
  price: `${i}.50`,
  active: i % 3 !== 0,
}));

describe('importProducts', () => {
  it('stores every row and sends CSV text with the device ids under an Idempotency-Key', {
    timeout: 20_000,
  }, async () => {
    ctx = testContext(() => json(200, { message: 'ok', imported: 1200 }));
    const progress: number[] = [];
    const result = await importProducts(rows, (n) => progress.push(n), ctx);
    expect(result).toMatchObject({ written: 1200, imported: 1200 });
    expect(progress).toEqual([1000, 1200]);
    expect(await ctx.db.products.where('pending').equals(0).count()).toBe(1200);
    const [req] = ctx.sent;
    expect(req?.url).toBe('/api/products/import-csv');
    expect(req?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // The server parses the same text with the shared parser: ids and values survive the trip.
    const { csvData } = (req?.body ?? {}) as { csvData: string };
    const parsed = parseProductCsv(csvData);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toHaveLength(1200);
    const sample = parsed.rows[1];
    const stored = await ctx.db.products.get(sample?.id ?? '');
    expect(stored).toMatchObject({
      name: 'Produto 1',
      description: 'Descrição; com ponto e vírgula',
      price: '1.50',
    });
  });

  it('stores none of the rows of a transaction when one chunk fails, and sends nothing', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    const table = ctx.db.products;
    const bulkPut = table.bulkPut.bind(table);
    let calls = 0;
    table.bulkPut = ((items: Parameters<typeof bulkPut>[0]) =>
      ++calls === 2 ? Promise.reject(new Error('disco cheio')) : bulkPut(items)) as typeof bulkPut;
    await expect(importProducts(rows, undefined, ctx)).rejects.toThrow('disco cheio');
    expect(calls).toBe(2);
    // The 1,200 rows are one transaction: the first chunk is rolled back with the second.
    expect(await ctx.db.products.count()).toBe(0);
    expect(ctx.sent).toHaveLength(0);
  });

  it('keeps the revision of the row a line names by id, even when another product has its name', async () => {
    // Found by the chaos test (tests/api/chaos.test.ts, issue 23): the line took the revision of
    // the first product of that name, so the device showed an older revision than it had shown.
    ctx = testContext(() => json(202, { queued: true }));
    const base = {
      description: '',
      price: '1.00',
      priceCents: 100,
      active: 1 as const,
      stock: null,
    };
    const a = '0b6f2c1e-0000-4000-8000-00000000000a';
    const b = '0b6f2c1e-0000-4000-8000-00000000000b';
    await ctx.db.products.bulkPut([
      { ...base, id: a, name: 'Café', searchKey: 'cafe', revision: 41, pending: 0, updatedAt: 5 },
      { ...base, id: b, name: 'Café', searchKey: 'cafe', revision: 42, pending: 0, updatedAt: 9 },
    ]);
    for (const id of [b, a]) {
      await importProducts(
        [{ id, name: 'Café', description: 'importado', price: '1.50', active: true }],
        undefined,
        ctx,
      );
    }
    expect(await ctx.db.products.get(b)).toMatchObject({ revision: 42, description: 'importado' });
    expect((await ctx.db.products.get(b))?.updatedAt).toBeGreaterThan(9);
    expect(await ctx.db.products.get(a)).toMatchObject({ revision: 41, description: 'importado' });
    expect(await ctx.db.products.count()).toBe(2);
  });

  it('updates the product of the same name instead of duplicating it on a second import', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await importProducts(rows.slice(0, 10), undefined, ctx);
    await importProducts(
      [{ ...rows[0], name: 'PRODUTO 0', price: '99.00' } as (typeof rows)[number]],
      undefined,
      ctx,
    );
    expect(await ctx.db.products.count()).toBe(10);
    expect(await ctx.db.products.where('searchKey').equals('produto 0').first()).toMatchObject({
      price: '99.00',
      pending: 1,
    });
  });

  it('keeps the server revision of a replaced product, whether the catalogue is read whole or by index', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await importProducts(rows.slice(0, 10), undefined, ctx);
    await ctx.db.products.toCollection().modify({ revision: 7, pending: 0, updatedAt: 1 });
    // 10 products, 1 imported row: only the index keys are read, then the replaced row.
    await importProducts(
      [{ name: 'produto 3', description: '', price: '5.00', active: true }],
      undefined,
      ctx,
    );
    // 10 products, 10 imported rows: the whole catalogue is read once.
    await importProducts(
      rows.slice(0, 10).map((r) => ({ ...r, price: '8.00' })),
      undefined,
      ctx,
    );
    expect(await ctx.db.products.count()).toBe(10);
    const all = await ctx.db.products.toArray();
    expect(all.every((p) => p.revision === 7 && p.pending === 1 && p.price === '8.00')).toBe(true);
    expect(all.every((p) => p.updatedAt > 1)).toBe(true);
  });
});

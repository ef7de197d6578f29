import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FeedProduct } from '~/domain/api-types';
import { productEntity, SYNCED_ENTITIES } from '~/domain/sync/registry';
import { type LocalProduct, TaliDb } from './db';
import {
  DEFER_MIN_ROWS,
  DEFERRED_RECORD_ROWS,
  readMergedRow,
  settleDeferred,
} from './deferred-pages';
import { importProducts } from './product-import';
import { deleteProduct, saveProduct } from './products-repo';
import { readProductsByName } from './read-products';
import { applyPage, readCursor } from './sync-engine';
import { feedProduct, json, syncPage, testContext } from './test-support';

/** Product i of a test catalogue, in name order by i. */
const product = (i: number, revision: number, extra: Partial<FeedProduct> = {}) => {
  const n = String(i).padStart(5, '0');
  return feedProduct(`p${n}`, `Produto ${n}`, revision, extra);
};

const tombstone = (id: string, revision: number) => ({ id, deleted: true as const, revision });

const page = syncPage;

/** A first pull's big page: products 0..n-1 at revisions 1..n. */
const bigPage = (n: number) =>
  page({ products: Array.from({ length: n }, (_, i) => product(i, i + 1)), cursor: String(n) });

let ctx = testContext(() => json(500, {}));
beforeEach(() => {
  ctx = testContext(() => json(500, {}));
});
afterEach(() => ctx.db.delete());

const settle = () => settleDeferred(ctx.db, SYNCED_ENTITIES);
const names = (rows: readonly LocalProduct[]) => rows.map((r) => r.name);

describe('deferred pull pages', () => {
  // 5,100 rows through the in-memory IndexedDB: ~3 s alone, more beside other test files.
  it('stores a big page as a few records that the list already shows whole, in name order, then writes it row by row', {
    timeout: 20_000,
  }, async () => {
    const n = DEFERRED_RECORD_ROWS * 2 + 100;
    await applyPage(ctx.db, bigPage(n));
    // Three records instead of 5,100 rows, and the cursor moved: the catalogue is on the phone.
    expect(await ctx.db.deferred.count()).toBe(3);
    expect(await ctx.db.products.count()).toBe(0);
    expect(await readCursor(ctx.db)).toBe(String(n));
    const shown = await readProductsByName(ctx.db);
    expect(shown).toHaveLength(n);
    expect(shown[0]).toMatchObject({
      name: 'Produto 00000',
      searchKey: 'produto 00000',
      pending: 0,
    });
    expect(names(shown)).toEqual([...names(shown)].sort());
    await settle();
    expect(await ctx.db.deferred.count()).toBe(0);
    expect(await ctx.db.products.count()).toBe(n);
    // The same catalogue, now read from the table's index.
    expect(await readProductsByName(ctx.db)).toEqual(shown);
  });

  it('writes small pages row by row at once', async () => {
    await applyPage(ctx.db, bigPage(DEFER_MIN_ROWS - 1));
    expect(await ctx.db.deferred.count()).toBe(0);
    expect(await ctx.db.products.count()).toBe(DEFER_MIN_ROWS - 1);
  });

  it('defers a later small page too, so a newer state is never overwritten by an older deferred one', async () => {
    await applyPage(ctx.db, bigPage(DEFER_MIN_ROWS));
    const renamed = product(7, DEFER_MIN_ROWS + 1, { name: 'Renomeado' });
    await applyPage(
      ctx.db,
      page({
        products: [renamed, tombstone(product(8, 0).id, DEFER_MIN_ROWS + 2)],
        cursor: '9999',
      }),
    );
    expect(await ctx.db.products.count()).toBe(0);
    const check = async () => {
      const rows = await readProductsByName(ctx.db);
      expect(rows).toHaveLength(DEFER_MIN_ROWS - 1);
      expect(rows.find((r) => r.id === renamed.id)?.name).toBe('Renomeado');
      expect(rows.some((r) => r.id === product(8, 0).id)).toBe(false);
    };
    await check();
    await settle();
    expect(await ctx.db.deferred.count()).toBe(0);
    await check();
  });

  it('keeps a pending local edit over a deferred server row, on screen and once written', async () => {
    const id = product(3, 0).id;
    await ctx.db.products.put({
      id,
      name: 'Editado offline',
      description: '',
      price: '1.00',
      priceCents: 100,
      stock: null,
      active: 1,
      searchKey: 'editado offline',
      revision: 1,
      pending: 1,
      updatedAt: 1,
    });
    await applyPage(ctx.db, bigPage(DEFER_MIN_ROWS));
    expect((await readMergedRow<LocalProduct>(ctx.db, productEntity, id))?.name).toBe(
      'Editado offline',
    );
    await settle();
    expect(await ctx.db.products.get(id)).toMatchObject({ name: 'Editado offline', pending: 1 });
  });

  it('edits a deferred product as the known product it is, and its page does not undo the edit', async () => {
    ctx = testContext((req) => json(200, { ...(req.body as object), revision: 5000 }));
    await applyPage(ctx.db, bigPage(DEFER_MIN_ROWS));
    const id = product(10, 0).id;
    const before = await readMergedRow<LocalProduct>(ctx.db, productEntity, id);
    expect(before).toMatchObject({ name: 'Produto 00010', revision: 11 });
    const { result } = await saveProduct(
      { id, name: 'Café novo', description: '', price: '12.00', active: true },
      ctx,
    );
    expect(result.status).toBe('sent');
    // A PUT: the server knows this product (a POST would have been a create).
    expect(ctx.sent[0]).toMatchObject({ method: 'PUT', url: `/api/products/${id}` });
    await settle();
    expect(await ctx.db.products.get(id)).toMatchObject({
      name: 'Café novo',
      pending: 0,
      revision: 5000,
    });
    expect(await ctx.db.products.count()).toBe(DEFER_MIN_ROWS);
  });

  it('never brings back a deferred product deleted here, even once the server confirmed it', async () => {
    ctx = testContext(() => json(204, undefined));
    await applyPage(ctx.db, bigPage(DEFER_MIN_ROWS));
    const id = product(20, 0).id;
    const { result } = await deleteProduct(id, ctx);
    expect(result.status).toBe('sent');
    expect(await readMergedRow(ctx.db, productEntity, id)).toBeUndefined();
    await settle();
    expect(await ctx.db.products.get(id)).toBeUndefined();
    expect(await ctx.db.products.count()).toBe(DEFER_MIN_ROWS - 1);
  });

  it('lets a CSV import match names still in a deferred page instead of duplicating them', {
    timeout: 20_000,
  }, async () => {
    ctx = testContext(() => json(200, { message: 'ok', imported: 1 }));
    await applyPage(ctx.db, bigPage(DEFER_MIN_ROWS));
    await importProducts(
      [{ name: 'Produto 00042', description: 'Nova', price: '3.00', active: true }],
      () => {},
      ctx,
    );
    expect(await ctx.db.deferred.count()).toBe(0);
    expect(await ctx.db.products.count()).toBe(DEFER_MIN_ROWS);
    expect(await ctx.db.products.get(product(42, 0).id)).toMatchObject({
      description: 'Nova',
      priceCents: 300,
    });
  });

  it('writes each deferred record once when two writers settle at the same time', async () => {
    await applyPage(ctx.db, bigPage(DEFERRED_RECORD_ROWS * 3));
    // The page and the CSV worker each open the database: two runs, one database.
    const twin = new TaliDb(ctx.db.name);
    await Promise.all([settle(), settleDeferred(twin, SYNCED_ENTITIES)]);
    twin.close();
    expect(await ctx.db.deferred.count()).toBe(0);
    expect(await ctx.db.products.count()).toBe(DEFERRED_RECORD_ROWS * 3);
  });
});

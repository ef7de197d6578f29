import { afterEach, describe, expect, it } from 'vitest';
import { SYNC_MAX_PAGE } from '~/domain/sync/wire';
import { saveProduct } from './products-repo';
import {
  APPLY_CHUNK_ROWS,
  applyPage,
  CURSOR_KEY,
  FIRST_PAGE_ROWS,
  FIRST_PULL_PAGES,
  pull,
  readCursor,
} from './sync-engine';
import { feedProduct, json, syncPage, testContext } from './test-support';

const product = feedProduct;

const customer = (id: string, name: string, revision: number) => ({
  id,
  name,
  phone: '11987654321',
  labels: [],
  optedOut: false,
  revision,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  deleted: false as const,
});

const page = syncPage;

let ctx = testContext(() => json(500, {}));
afterEach(() => ctx.db.delete());

describe('pull', () => {
  it('stores server rows with search keys and cents, and remembers the cursor', async () => {
    ctx = testContext(() =>
      json(
        200,
        page({ products: [product('p1', 'Café Especial', 3, { price: '59.90' })], cursor: '3' }),
      ),
    );
    await pull(ctx);
    const row = await ctx.db.products.get('p1');
    expect(row).toMatchObject({
      searchKey: 'cafe especial',
      priceCents: 5990,
      pending: 0,
      revision: 3,
    });
    expect(await readCursor(ctx.db)).toBe('3');
    // A first pull starts with a small page so a new phone shows products early.
    expect(ctx.sent[0]?.url).toBe(`/api/sync?since=0&limit=${FIRST_PAGE_ROWS}`);
    expect(ctx.sent[0]?.headers.Authorization).toBe('Bearer token-123');
  });

  it('follows hasMore page after page, asking each time from the last cursor', async () => {
    const pages = [
      page({ products: [product('a', 'A', 1)], cursor: '1', hasMore: true }),
      page({ products: [product('b', 'B', 2)], cursor: '2', hasMore: true }),
      page({
        customers: [
          {
            id: 'c',
            name: 'Ana',
            phone: '11987654321',
            labels: [],
            optedOut: false,
            revision: 3,
            createdAt: '',
            updatedAt: '',
            deleted: false,
          },
        ],
        cursor: '3',
      }),
    ];
    ctx = testContext(() => json(200, pages.shift()));
    const result = await pull(ctx);
    expect(ctx.sent.map((r) => r.url)).toEqual([
      `/api/sync?since=0&limit=${FIRST_PAGE_ROWS}`,
      // A first pull ramps up: a screenful, a short page, then full pages.
      `/api/sync?since=1&limit=${FIRST_PULL_PAGES[1]}`,
      `/api/sync?since=2&limit=${SYNC_MAX_PAGE}`,
    ]);
    expect(result).toMatchObject({ pages: 3, cursor: '3' });
    expect(await ctx.db.products.count()).toBe(2);
    expect(await ctx.db.customers.get('c')).toMatchObject({ name: 'Ana', searchKey: 'ana' });
    expect((await ctx.db.meta.get(CURSOR_KEY))?.value).toBe('3');
  });

  it('never overwrites a row whose local edit is still pending', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await ctx.db.products.put({ ...localOf('p1', 'Antigo'), pending: 0, revision: 1 });
    await saveProduct(
      { id: 'p1', name: 'Editado offline', description: '', price: '5.00', active: true },
      ctx,
    );
    ctx.respond(() =>
      json(200, page({ products: [product('p1', 'Versão do servidor', 7)], cursor: '7' })),
    );
    await pull(ctx);
    expect(await ctx.db.products.get('p1')).toMatchObject({ name: 'Editado offline', pending: 1 });
    expect(await readCursor(ctx.db)).toBe('7');
  });

  it('confirms a pending row when the server already holds the same content', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await saveProduct(
      { id: 'p1', name: 'Bolo', description: '', price: '5.00', active: true },
      ctx,
    );
    ctx.respond(() =>
      json(200, page({ products: [product('p1', 'Bolo', 4, { price: '5.00' })], cursor: '4' })),
    );
    await pull(ctx);
    expect(await ctx.db.products.get('p1')).toMatchObject({ pending: 0, revision: 4 });
  });

  it('deletes rows named by tombstones, but keeps a row with a pending edit', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await ctx.db.products.bulkPut([localOf('gone', 'Gone'), localOf('kept', 'Kept')]);
    await saveProduct(
      { id: 'kept', name: 'Kept edited', description: '', price: '1.00', active: true },
      ctx,
    );
    ctx.respond(() =>
      json(
        200,
        page({
          products: [
            { id: 'gone', deleted: true, revision: 9 },
            { id: 'kept', deleted: true, revision: 10 },
          ],
          cursor: '10',
        }),
      ),
    );
    await pull(ctx);
    expect(await ctx.db.products.get('gone')).toBeUndefined();
    expect(await ctx.db.products.get('kept')).toMatchObject({ name: 'Kept edited' });
  });

  it('does not bring back a row deleted on the device before the server confirms it', async () => {
    ctx = testContext(() => json(202, { queued: true }));
    await ctx.db.products.put(localOf('p1', 'Apagado'));
    const { deleteProduct } = await import('./products-repo');
    await deleteProduct('p1', ctx);
    ctx.respond(() => json(200, page({ products: [product('p1', 'Apagado', 5)], cursor: '5' })));
    await pull(ctx);
    expect(await ctx.db.products.get('p1')).toBeUndefined();
  });

  it('keeps the pages applied before a later page fails, and goes on from there', async () => {
    let calls = 0;
    ctx = testContext(() =>
      calls++ === 0
        ? json(200, page({ products: [product('a', 'A', 1)], cursor: '1', hasMore: true }))
        : json(500, { message: 'Erro interno' }),
    );
    await expect(pull(ctx)).rejects.toThrow('Erro interno');
    expect(await ctx.db.products.get('a')).toMatchObject({ name: 'A' });
    expect(await readCursor(ctx.db)).toBe('1');

    ctx.respond(() => json(200, page({ products: [product('b', 'B', 2)], cursor: '2' })));
    await pull(ctx);
    // Not a first pull any more: full pages from the stored cursor.
    expect(ctx.sent.at(-1)?.url).toBe(`/api/sync?since=1&limit=${SYNC_MAX_PAGE}`);
    expect(await ctx.db.products.count()).toBe(2);
    expect(await readCursor(ctx.db)).toBe('2');
  });

  it('writes a big page row by row in short transactions, moving the cursor only with the last one', async () => {
    // Customers are written row by row whatever the page size (only products are deferred).
    ctx = testContext(() => json(500, {}));
    const rows = Array.from({ length: APPLY_CHUNK_ROWS * 2 + 500 }, (_, i) =>
      customer(`c${i}`, `Cliente ${i}`, i + 1),
    );
    const big = page({ customers: rows, cursor: String(rows.length) });
    // The app closes after the first transaction: rows written, cursor untouched.
    let calls = 0;
    const closing = async () => {
      if (calls++ === 1) throw new Error('app fechado');
    };
    await expect(applyPage(ctx.db, big, closing)).rejects.toThrow('app fechado');
    expect(await ctx.db.customers.count()).toBe(APPLY_CHUNK_ROWS);
    expect(await readCursor(ctx.db)).toBe('0');
    // A pending edit in a later transaction's rows is kept when the page is applied again.
    const later = `c${APPLY_CHUNK_ROWS + 500}`;
    await ctx.db.customers.put({
      id: later,
      name: 'Editado offline',
      phone: '11987654321',
      labels: [],
      optedOut: 0,
      createdAt: '2026-01-01T00:00:00Z',
      searchKey: 'editado offline',
      revision: 1,
      pending: 1,
      updatedAt: 1,
    });
    const seen: number[] = [];
    await applyPage(ctx.db, big, async () => {
      seen.push(await ctx.db.customers.count());
    });
    // Each transaction's rows are committed before the next one starts.
    expect(seen).toEqual([APPLY_CHUNK_ROWS + 1, APPLY_CHUNK_ROWS + 1, APPLY_CHUNK_ROWS * 2]);
    expect(await ctx.db.customers.count()).toBe(rows.length);
    expect(await ctx.db.customers.get(later)).toMatchObject({ name: 'Editado offline' });
    expect(await readCursor(ctx.db)).toBe(String(rows.length));
  });

  it('asks for the next page as soon as the headers give its cursor, before the body is read', async () => {
    let sendBody: () => void = () => {};
    const bodySent = new Promise<void>((resolve) => {
      sendBody = resolve;
    });
    const first = page({ products: [product('p1', 'Primeiro', 1)], cursor: '1', hasMore: true });
    ctx = testContext((req) => {
      if (!req.url.startsWith('/api/sync?since=0&')) {
        return json(200, page({ products: [product('p2', 'Segundo', 2)], cursor: '2' }));
      }
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          await bodySent;
          controller.enqueue(new TextEncoder().encode(JSON.stringify(first)));
          controller.close();
        },
      });
      return new Response(body, {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'Sync-Cursor': '1', 'Sync-Has-More': '1' },
      });
    });
    const run = pull(ctx);
    for (let i = 0; i < 100 && ctx.sent.length < 2; i++) await new Promise((r) => setTimeout(r, 5));
    // The first page's body has not come yet, and the second page is already asked for.
    expect(ctx.sent.map((r) => r.url)).toEqual([
      `/api/sync?since=0&limit=${FIRST_PULL_PAGES[0]}`,
      `/api/sync?since=1&limit=${FIRST_PULL_PAGES[1]}`,
    ]);
    sendBody();
    expect(await run).toMatchObject({ pages: 2, cursor: '2' });
    expect(await ctx.db.products.count()).toBe(2);
  });

  it('keeps the cursor when the server fails, so the next pull asks again', async () => {
    ctx = testContext(() => json(500, { message: 'Erro interno' }));
    await expect(pull(ctx)).rejects.toThrow('Erro interno');
    expect(await readCursor(ctx.db)).toBe('0');
  });
});

function localOf(id: string, name: string) {
  return {
    id,
    name,
    description: '',
    price: '1.00',
    priceCents: 100,
    stock: null,
    active: 1 as const,
    searchKey: name.toLowerCase(),
    revision: 1,
    pending: 0 as const,
    updatedAt: 1,
  };
}

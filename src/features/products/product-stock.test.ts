import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CURSOR_KEY, TaliDb } from '~/db/db';
import { acknowledge } from '~/db/pending';
import { saveProduct } from '~/db/products-repo';
import { pull, readCursor } from '~/db/sync-engine';
import { feedProduct, json, syncPage, testContext } from '~/db/test-support';
import { ENTITY_DESCRIPTORS } from '~/domain/sync/entities';
import { stockDefaults, stockOfInputs } from './stock-field';

const fields = { name: 'Caderno', description: '', price: '12.00', active: true };
const queued = () => json(202, { queued: true });

let ctx = testContext(queued);
beforeEach(() => {
  ctx = testContext(queued);
});
afterEach(() => ctx.db.delete());

/** The server's feed with one product at this count and revision. */
const serverHas = (stock: number | null, revision: number) =>
  json(
    200,
    syncPage({
      products: [feedProduct('p', 'Caderno', revision, { stock })],
      cursor: `${revision}`,
    }),
  );

/** What the dialog does: opens on the device's row, the owner types a count, it saves. */
async function ownerSets(quantity: string) {
  const row = (await ctx.db.products.get('p')) ?? null;
  expect(stockDefaults(row)).toMatchObject({ tracked: typeof row?.stock === 'number' });
  const stock = stockOfInputs(row, { tracked: quantity !== '', quantity });
  await saveProduct({ ...fields, ...stock, id: 'p' }, ctx);
}

/** The phone pulls the product at this count, then goes offline (its sends are queued). */
async function pulledThenOffline(stock: number) {
  ctx.respond(() => serverHas(stock, 3));
  await pull(ctx);
  ctx.respond(queued);
}

const lastBody = () => ctx.sent.at(-1)?.body as Record<string, unknown>;

describe('the owner’s stock on the phone', () => {
  it('sends the count it pulled as the base of an offline edit, and shows the owner’s count', async () => {
    await pulledThenOffline(10);
    expect(await ctx.db.products.get('p')).toMatchObject({ stock: 10, pending: 0 });
    await ownerSets('12');
    expect(lastBody()).toMatchObject({ stock: 12, stockBase: 10 });
    expect(await ctx.db.products.get('p')).toMatchObject({ stock: 12, pending: 1 });
  });

  it('starts a second offline edit from the first one’s count, so the two changes add up', async () => {
    await pulledThenOffline(10);
    await ownerSets('12');
    await ownerSets('15');
    // +2 then +3: the server applies both in order over its own count (3 sold: 7 + 5 = 12).
    expect(ctx.sent.slice(-2).map((r) => r.body)).toMatchObject([
      { stock: 12, stockBase: 10 },
      { stock: 15, stockBase: 12 },
    ]);
  });

  it('keeps a pending edit through a pull that brings an order’s decrement, then takes the server’s count', async () => {
    await pulledThenOffline(10);
    await ownerSets('12');
    // An order took 3 on the server while the edit waits in the queue.
    ctx.respond(() => serverHas(7, 5));
    await pull(ctx);
    expect(await ctx.db.products.get('p')).toMatchObject({ stock: 12, pending: 1 });
    // The worker replays it (10 → 12 over 7 = 9) and acknowledges the row; the pull shows 9.
    await acknowledge(ctx.db, 'product', [{ id: 'p' }]);
    ctx.respond(() => serverHas(9, 6));
    await pull(ctx);
    expect(await ctx.db.products.get('p')).toMatchObject({ stock: 9, pending: 0 });
  });

  it('turns tracking off with null, and on again as a count of its own', async () => {
    await pulledThenOffline(4);
    await ownerSets('');
    expect(lastBody()).toMatchObject({ stock: null, stockBase: 4 });
    expect(await ctx.db.products.get('p')).toMatchObject({ stock: null });
    await ownerSets('6');
    expect(lastBody()).toMatchObject({ stock: 6, stockBase: null });
  });

  it('sends no stock for a row pulled before stock travelled, unless the owner turns it on', async () => {
    // A device row as version 4 stored it: no `stock` field (the table, untyped, takes it).
    const { stock: _unknown, deleted: _d, ...older } = feedProduct('p', 'Caderno', 3);
    await ctx.db.table('products').put({
      ...older,
      active: 1,
      priceCents: 1200,
      searchKey: 'caderno',
      pending: 0,
      updatedAt: 1,
    });
    const row = (await ctx.db.products.get('p')) ?? null;
    expect(stockOfInputs(row, { tracked: false, quantity: '' })).toEqual({});
    expect(stockOfInputs(row, { tracked: true, quantity: '5' })).toEqual({
      stock: 5,
      stockBase: null,
    });
  });
});

describe('a phone that pulled its products before stock travelled', () => {
  it('pulls everything again after the update, keeping its rows meanwhile', async () => {
    const name = `v4-${crypto.randomUUID()}`;
    // The device database as version 4 left it: a cursor, a product without `stock`.
    const v4 = new Dexie(name);
    v4.version(4).stores({
      ...Object.fromEntries(ENTITY_DESCRIPTORS.map((e) => [e.table, e.indexes])),
      drafts: 'key',
      meta: 'key',
      deadLetters: 'id, failedAt',
      deferred: '++seq, table',
      photos: 'id, productId',
    });
    await v4.table('meta').put({ key: CURSOR_KEY, value: '42' });
    const { stock: _s, ...row } = feedProduct('p', 'Caderno', 40);
    await v4.table('products').put({ ...row, active: 1, pending: 0, updatedAt: 1 });
    v4.close();

    const db = new TaliDb(name);
    expect(await readCursor(db)).toBe('0');
    expect(await db.products.get('p')).toMatchObject({ name: 'Caderno' });
    const sinces: string[] = [];
    const device = testContext((req) => {
      sinces.push(new URL(req.url, 'http://x').searchParams.get('since') ?? '');
      return serverHas(8, 40);
    });
    await pull({ ...device, db });
    expect(sinces[0]).toBe('0');
    expect(await db.products.get('p')).toMatchObject({ stock: 8 });
    await db.delete();
    await device.db.delete();
  });
});

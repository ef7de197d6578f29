/** Chaos finding 5 (decision 003): a server state a pull skipped for a pending row is not lost. */
import { afterEach, describe, expect, it } from 'vitest';
import { productEntity } from '~/domain/sync/registry';
import { acknowledge } from './pending';
import { pull } from './sync-engine';
import { feedProduct, json, syncPage, testContext } from './test-support';

const fields = { name: 'Café', description: '', price: '5.00', active: true };
const STAMP = 1_000;

let ctx = testContext(() => json(500, {}));
afterEach(() => ctx.db.delete());

/** The device's own change to `p`, written and not yet acknowledged. */
async function pendingProduct(revision = 0) {
  const before =
    revision > 0
      ? { ...productEntity.fromServer(feedProduct('p', 'Velho', revision), 0) }
      : undefined;
  await ctx.db.products.put(productEntity.fromFields('p', fields, before, STAMP));
}

/** A pull whose one page carries `rows`; GET /api/sync/products/p answers `current`. */
function serverWith(rows: unknown[], current: unknown = null) {
  ctx.respond((req) => {
    if (req.url.startsWith('/api/sync?'))
      return json(200, syncPage({ products: rows as never, cursor: '9' }));
    if (req.url === '/api/sync/products/p') return current ? json(200, current) : json(404, {});
    return json(500, {});
  });
}

const tombstone = { id: 'p', deleted: true as const, revision: 8 };

describe('a server state skipped while the row was pending', () => {
  it('a create acknowledged after another device deleted the row: the row goes', async () => {
    ctx = testContext(() => json(500, {}));
    await pendingProduct();
    serverWith([tombstone]);
    await pull(ctx);
    // Pending: the pull must not touch it, and the cursor moved past the tombstone.
    expect(await ctx.db.products.get('p')).toMatchObject({ pending: 1 });
    // The create's answer (a stored 201 of revision 3) arrives after the delete.
    await acknowledge(ctx.db, 'product', [{ id: 'p', stamp: STAMP, revision: 3 }]);
    expect(await ctx.db.products.get('p')).toBeUndefined();
  });

  it("another device's newer edit shows once the device's older write is acknowledged", async () => {
    ctx = testContext(() => json(500, {}));
    await pendingProduct(2);
    serverWith([feedProduct('p', 'Da outra loja', 8)]);
    await pull(ctx);
    expect(await ctx.db.products.get('p')).toMatchObject({ name: 'Café', pending: 1 });
    await acknowledge(ctx.db, 'product', [{ id: 'p', stamp: STAMP, revision: 5 }]);
    expect(await ctx.db.products.get('p')).toMatchObject({
      name: 'Da outra loja',
      revision: 8,
      pending: 0,
    });
  });

  it("the device's write, newer than what the pull skipped, stays", async () => {
    ctx = testContext(() => json(500, {}));
    await pendingProduct(2);
    serverWith([feedProduct('p', 'Da outra loja', 4)]);
    await pull(ctx);
    await acknowledge(ctx.db, 'product', [{ id: 'p', stamp: STAMP, revision: 6 }]);
    expect(await ctx.db.products.get('p')).toMatchObject({ name: 'Café', revision: 6, pending: 0 });
    // Nothing left to read again: the next pull asks for no single row.
    serverWith([]);
    await pull(ctx);
    expect(ctx.sent.filter((r) => r.url === '/api/sync/products/p')).toHaveLength(0);
  });

  it("a skipped tombstone is final: the worker's acknowledgement (no revision) deletes the row too", async () => {
    ctx = testContext(() => json(500, {}));
    await pendingProduct();
    serverWith([tombstone]);
    await pull(ctx);
    await acknowledge(ctx.db, 'product', [{ id: 'p' }]);
    expect(await ctx.db.products.get('p')).toBeUndefined();
  });

  it('a skipped edit acknowledged by the worker (no revision) is read again by the next pull', async () => {
    ctx = testContext(() => json(500, {}));
    await pendingProduct(2);
    serverWith([feedProduct('p', 'Da outra loja', 8)]);
    await pull(ctx);
    await acknowledge(ctx.db, 'product', [{ id: 'p' }]);
    // The worker cannot order its write against the skipped edit: the row waits for a read.
    expect(await ctx.db.products.get('p')).toMatchObject({ name: 'Café', pending: 0 });
    serverWith([], feedProduct('p', 'Da outra loja', 8));
    await pull(ctx);
    expect(await ctx.db.products.get('p')).toMatchObject({ name: 'Da outra loja', revision: 8 });
    // Read once: the record is gone with it.
    await pull(ctx);
    expect(ctx.sent.filter((r) => r.url === '/api/sync/products/p')).toHaveLength(1);
  });

  it('a row still pending is not read again', async () => {
    ctx = testContext(() => json(500, {}));
    await pendingProduct();
    serverWith([tombstone]);
    await pull(ctx);
    await pull(ctx);
    expect(ctx.sent.filter((r) => r.url === '/api/sync/products/p')).toHaveLength(0);
    expect(await ctx.db.products.get('p')).toMatchObject({ pending: 1 });
  });
});

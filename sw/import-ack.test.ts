/**
 * A CSV import queued offline and replayed by the worker: its rows are acknowledged by the worker
 * (found by the chaos test, tests/api/chaos.test.ts, issue 23: they stayed pending, and once
 * another device had edited one the pull never overwrote it, so the device kept the import's
 * old values for ever).
 */
import { describe, expect, it } from 'vitest';
import { importCustomers } from '../src/db/customer-import';
import { importProducts } from '../src/db/product-import';
import { saveProduct } from '../src/db/products-repo';
import type { DeviceContext } from '../src/db/transport';
import { handleMutation } from './mutation-queue';
import { setPending } from './replay-store';
import { batchAware, json, MemoryQueue, signedInDevice, testReplayer } from './test-helpers';

async function offlineDevice() {
  const db = await signedInDevice('import-ack');
  const queue = new MemoryQueue();
  const sent: string[] = [];
  const replayer = testReplayer(
    db,
    queue,
    batchAware(async (r) => {
      sent.push(`${r.method} ${new URL(r.url).pathname}`);
      return json(200, { imported: 1, errors: [] });
    }),
  );
  const ctx: DeviceContext = {
    db,
    transport: {
      token: () => 'tok',
      fetch: (url, init) =>
        handleMutation(new Request(new URL(url, 'https://tali.test'), init), {
          queue: { pushRequest: (e) => replayer.push(e), size: () => queue.size() },
          fetch: async () => {
            throw new TypeError('offline');
          },
          isReplaying: () => replayer.busy,
          userId: async () => 'u1',
          onQueued: async (entity) => setPending(db, entity),
        }),
    },
  };
  return { db, ctx, replayer, sent };
}

describe('a CSV import replayed by the worker', () => {
  it("clears its rows' pending flag; a row edited after it, with that edit's own answer", async () => {
    const { db, ctx, replayer, sent } = await offlineDevice();
    const a = '7d2f0c3a-0000-4000-8000-00000000000a';
    const b = '7d2f0c3a-0000-4000-8000-00000000000b';
    const line = { description: '', price: '2.00', active: true };
    const result = await importProducts(
      [
        { id: a, name: 'Café', ...line },
        { id: b, name: 'Chá', ...line },
      ],
      undefined,
      ctx,
    );
    expect(result.results).toEqual([{ status: 'queued' }]);
    // Edited after the import, still offline: that edit waits in the queue behind it.
    await saveProduct({ id: b, name: 'Chá mate', ...line }, ctx);
    expect(await db.products.where('pending').equals(1).count()).toBe(2);

    expect(await replayer.replay()).toBe('done');
    // b was never confirmed by the server: its edit is the upsert POST.
    expect(sent).toEqual(['POST /api/products/import-csv', 'POST /api/products']);
    expect((await db.products.get(a))?.pending).toBe(0);
    // Acknowledged by its own PUT (the queue's last mutation for it), not by the import's stamp.
    expect((await db.products.get(b))?.pending).toBe(0);
    expect(await db.meta.where('key').startsWith('import-ack:').count()).toBe(0);
  });

  it('leaves a row edited after the import pending while its edit still waits', async () => {
    const { db, ctx, replayer } = await offlineDevice();
    const a = '7d2f0c3a-0000-4000-8000-0000000000aa';
    await importProducts(
      [{ id: a, name: 'Café', description: '', price: '2.00', active: true }],
      undefined,
      ctx,
    );
    // The row changes on the device after the import was queued, without a queued mutation
    // for it yet (written, not sent): the import's stamp no longer names its state.
    await db.products.update(a, { name: 'Café forte', updatedAt: Date.now() + 1000 });
    expect(await replayer.replay()).toBe('done');
    expect((await db.products.get(a))?.pending).toBe(1);
  });
  it('clears a row created offline and then imported, when both travel in one batch (chaos finding 8)', async () => {
    const { db, ctx, replayer, sent } = await offlineDevice();
    const a = '7d2f0c3a-0000-4000-8000-0000000000ab';
    await saveProduct({ id: a, name: 'Café', description: '', price: '1.00', active: false }, ctx);
    // The spreadsheet carries the same product: the import's write is the row's latest state.
    await importProducts(
      [{ id: a, name: 'Café', description: 'importado', price: '1.50', active: true }],
      undefined,
      ctx,
    );
    expect(await replayer.replay()).toBe('done');
    expect(sent).toEqual(['POST /api/products', 'POST /api/products/import-csv']);
    // The create's acknowledgement names the older state, the import's the row's own: the row
    // is no longer pending, so the next pull may bring another device's later edit.
    expect((await db.products.get(a))?.pending).toBe(0);
    expect(await db.meta.where('key').startsWith('import-ack:').count()).toBe(0);
  });

  it("clears a customers' import's rows in the customers' table, not the products'", async () => {
    const { db, ctx, replayer, sent } = await offlineDevice();
    const rows = [{ line: 2, name: 'Ana', phone: '11987650001', labels: [] }];
    await importCustomers(rows, ctx);
    expect(await db.customers.where('pending').equals(1).count()).toBe(1);
    expect(await replayer.replay()).toBe('done');
    expect(sent).toEqual(['POST /api/customers/import']);
    expect(await db.customers.where('pending').equals(1).count()).toBe(0);
    expect(await db.meta.where('key').startsWith('import-ack:').count()).toBe(0);
  });
});

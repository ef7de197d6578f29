/**
 * Chaos finding 6 (decision 003): a worker killed while a batch was on the wire leaves that batch
 * only in its in-flight copy, the queue empty. The next worker must put it back before a new
 * mutation can go out: otherwise a CSV import sent at once overtook the row's create, the page
 * acknowledged the import, and the create recovered later sat in the queue of a row no longer
 * pending. The start-up pass (sw/worker.ts) recovers the copy, and the worker is busy until it
 * has, so the new mutation joins the line behind it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaliDb } from '../src/db/db';
import { importTag } from '../src/domain/sync/protocol';
import { readMeta } from './queue-entry';
import {
  batchAware,
  json,
  MemoryQueue,
  mutation,
  pendingProduct,
  signedInDevice,
} from './test-helpers';
import { startWorker } from './worker';

const ID = '7e6d5c4b-3a29-4180-9f8e-7d6c5b4a3921';
let db: TaliDb;
let queue: MemoryQueue;

beforeEach(async () => {
  db = await signedInDevice('worker-start');
  await db.products.put(pendingProduct(ID, { updatedAt: 100 }));
  queue = new MemoryQueue();
});
afterEach(() => db.delete());

const create = () =>
  mutation('POST', '/api/products', {
    body: { id: ID, name: 'Café', description: '', price: '10.00', active: true },
    entity: `product:${ID}`,
    stamp: 100,
  });
const importCsv = () =>
  mutation('POST', '/api/products/import-csv', {
    body: { csvData: `id;nome\n${ID};Café` },
    entity: importTag('k1'),
  });

/** The create queued, then a worker killed while its batch was on the wire. */
async function killedMidBatch(): Promise<void> {
  await queue.pushRequest({ request: create(), metadata: { entity: `product:${ID}`, qid: 'q1' } });
  const background: Promise<unknown>[] = [];
  let onWire: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    onWire = resolve;
  });
  startWorker({
    db,
    queue,
    fetch: () => {
      onWire();
      return new Promise<Response>(() => {}); // killed: the answer is never read
    },
    announce: () => {},
    online: () => true,
    keepAlive: (work) => background.push(work),
  });
  await sent;
  expect(await queue.size()).toBe(0);
}

describe('a worker started after one was killed mid-batch', () => {
  it('offline: a new mutation is queued behind the recovered batch, and the row stays pending', async () => {
    await killedMidBatch();
    const background: Promise<unknown>[] = [];
    const worker = startWorker({
      db,
      queue,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      announce: () => {},
      online: () => false,
      keepAlive: (work) => background.push(work),
    });
    const res = await worker.handle(importCsv());
    await Promise.all(background);
    expect(res.status).toBe(202);
    const waiting = await queue.getAll();
    expect(waiting.map((e) => readMeta(e.metadata).entity)).toEqual([
      `product:${ID}`,
      importTag('k1'),
    ]);
    expect((await db.products.get(ID))?.pending).toBe(1);
  });

  it('online: the server gets the create before the import', async () => {
    await killedMidBatch();
    const received: string[] = [];
    const background: Promise<unknown>[] = [];
    const worker = startWorker({
      db,
      queue,
      fetch: batchAware(async (r) => {
        received.push(`${r.method} ${new URL(r.url).pathname}`);
        return json(200, { id: ID, revision: 2, imported: 1 });
      }),
      announce: () => {},
      online: () => true,
      keepAlive: (work) => background.push(work),
    });
    await worker.handle(importCsv());
    while (background.length > 0) await background.shift();
    expect(received).toEqual(['POST /api/products', 'POST /api/products/import-csv']);
    expect(await queue.size()).toBe(0);
    expect((await db.products.get(ID))?.pending).toBe(0);
  });
});

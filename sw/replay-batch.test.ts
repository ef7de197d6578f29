/** Replay in batches: fewer round trips, the same order, the same per-mutation policy. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaliDb } from '../src/db/db';
import type { SyncMessage } from '../src/domain/sync/protocol';
import { createReplayer, type EntryMeta, type QueueEntry, type ReplayDeps } from './replay';
import { createReplayStore } from './replay-store';
import { batchAware, json, MemoryQueue, mutation } from './test-helpers';

let db: TaliDb;
let queue: MemoryQueue;
/** Every HTTP request the worker made: the batch endpoint or a mutation's own route. */
let requests: string[];
/** Every mutation the "server" ran, batched or not, in order, and the ids in their bodies. */
let ran: string[];
let ranIds: (string | undefined)[];
let messages: SyncMessage[];
let answer: (request: Request, n: number) => Promise<Response>;
/** When set, the batch endpoint does not exist (an older server): 404 for it. */
let noBatchEndpoint: boolean;

function setup(overrides: Partial<ReplayDeps> = {}) {
  const server = batchAware(async (request) => {
    const url = new URL(request.url);
    ran.push(`${request.method} ${url.pathname}${url.search}`);
    const body = await request.clone().text();
    ranIds.push(body ? (JSON.parse(body) as { id?: string }).id : undefined);
    return answer(request, ran.length);
  });
  return createReplayer({
    queue,
    store: createReplayStore(db, () => crypto.randomUUID()),
    async fetch(request) {
      const { pathname } = new URL(request.url);
      requests.push(`${request.method} ${pathname}`);
      if (noBatchEndpoint && pathname === '/api/sync/replay') {
        return json(404, { message: 'Rota não encontrada' });
      }
      return server(request);
    },
    announce: (m) => messages.push(m),
    ...overrides,
  });
}

function entry(request: Request, entity: string | null = null): QueueEntry {
  const metadata: EntryMeta = {
    entity,
    userId: 'u1',
    queuedAt: Date.now(),
    qid: crypto.randomUUID(),
  };
  return { request, metadata };
}

async function enqueue(request: Request, entity: string | null = null) {
  await queue.pushRequest(entry(request, entity));
}

const create = (id: string, body: object = {}) =>
  mutation('POST', '/api/products', { body: { id, name: id, price: '1', ...body } });

async function addProduct(id: string) {
  await db.products.put({
    id,
    name: id,
    description: '',
    price: '1.00',
    priceCents: 100,
    active: 1,
    searchKey: id,
    revision: 0,
    pending: 1,
    updatedAt: Date.now(),
  });
}

beforeEach(async () => {
  db = new TaliDb(`replay-batch-${crypto.randomUUID()}`);
  await db.meta.bulkPut([
    { key: 'token', value: 'current-token' },
    { key: 'userId', value: 'u1' },
  ]);
  queue = new MemoryQueue();
  requests = [];
  ran = [];
  ranIds = [];
  messages = [];
  noBatchEndpoint = false;
  answer = async () => json(200, {});
});
afterEach(() => db.delete());

describe('replay in batches', () => {
  it('sends consecutive catalogue mutations in one request, in their order', async () => {
    for (const id of ['a', 'b', 'c']) await enqueue(create(id), `product:${id}`);
    await enqueue(mutation('PUT', '/api/products/a', { body: { name: 'A2' } }), 'product:a');
    await enqueue(mutation('DELETE', '/api/customers/x'), 'customer:x');

    expect(await setup().replay()).toBe('done');

    expect(requests).toEqual(['POST /api/sync/replay']);
    expect(ran).toEqual([
      'POST /api/products',
      'POST /api/products',
      'POST /api/products',
      'PUT /api/products/a',
      'DELETE /api/customers/x',
    ]);
    expect(await queue.size()).toBe(0);
    expect(messages.filter((m) => m.type === 'replayed').map((m) => m.size)).toEqual([
      4, 3, 2, 1, 0,
    ]);
  });

  it('splits by count and by size', async () => {
    for (const id of ['a', 'b', 'c', 'd', 'e']) await enqueue(create(id), `product:${id}`);
    await setup({ maxBatch: 2 }).replay();
    expect(requests).toEqual(Array(3).fill('POST /api/sync/replay'));

    requests = [];
    for (const id of ['f', 'g', 'h']) {
      await enqueue(create(id, { description: 'x'.repeat(400) }), `product:${id}`);
    }
    await setup({ maxBatchChars: 1000 }).replay();
    // Two bodies of ~450 characters fit in 1,000; the third goes in the next batch.
    expect(requests).toEqual(['POST /api/sync/replay', 'POST /api/sync/replay']);
    expect(ran).toHaveLength(8);
  });

  it('sends what the batch does not run alone, without changing the order', async () => {
    await enqueue(create('a'), 'product:a');
    await enqueue(mutation('POST', '/api/whatever', { body: {} }), 'other:1');
    await enqueue(create('b', { description: 'x'.repeat(2000) }), 'product:b');
    await enqueue(create('c'), 'product:c');

    await setup({ maxBatchChars: 1000 }).replay();

    expect(requests).toEqual([
      'POST /api/sync/replay',
      'POST /api/whatever',
      'POST /api/products',
      'POST /api/sync/replay',
    ]);
    expect(ran).toEqual([
      'POST /api/products',
      'POST /api/whatever',
      'POST /api/products',
      'POST /api/products',
    ]);
  });

  it('falls back to one request per mutation when the server will not take the batch', async () => {
    noBatchEndpoint = true;
    await enqueue(create('a'), 'product:a');
    await enqueue(mutation('DELETE', '/api/products/a'), 'product:a');

    expect(await setup().replay()).toBe('done');

    expect(requests).toEqual([
      'POST /api/sync/replay',
      'POST /api/products',
      'DELETE /api/products/a',
    ]);
    expect(await queue.size()).toBe(0);
  });

  it('dead-letters a refused mutation inside a batch and settles the others', async () => {
    for (const id of ['a', 'b', 'c']) {
      await addProduct(id);
      await enqueue(create(id), `product:${id}`);
    }
    answer = async (_request, n) =>
      n === 2 ? json(400, { message: 'Preço deve ser um número válido' }) : json(201, {});

    expect(await setup().replay()).toBe('done');

    expect(requests).toEqual(['POST /api/sync/replay']);
    expect(await db.deadLetters.toArray()).toMatchObject([
      { entityId: 'b', status: 400, message: 'Preço deve ser um número válido' },
    ]);
    const pending = await db.products.orderBy('id').toArray();
    expect(pending.map((p) => [p.id, p.pending])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
    ]);
  });

  it('keeps the whole batch in order when it fails, and sends it all later', async () => {
    for (const id of ['a', 'b', 'c']) await enqueue(create(id), `product:${id}`);
    answer = async () => json(503, { message: 'Indisponível' });
    const replayer = setup();

    expect(await replayer.replay()).toBe('retry');
    expect(await queue.size()).toBe(3);
    expect(messages.filter((m) => m.type === 'replayed')).toEqual([]);

    ranIds = [];
    answer = async () => json(201, {});
    expect(await replayer.replay()).toBe('done');
    expect(ranIds).toEqual(['a', 'b', 'c']);
    expect(await queue.size()).toBe(0);
  });

  it('stops at a 401 inside the answers and keeps that mutation and the rest', async () => {
    for (const id of ['a', 'b', 'c']) await enqueue(create(id), `product:${id}`);
    // The batch is answered item by item: the first ran, the second found the session gone.
    const replayer = setup({
      fetch: async (request) => {
        requests.push(request.url);
        return json(200, {
          results: [
            { status: 201, body: {} },
            { status: 401, body: { message: 'Sessão expirada. Entre novamente.' } },
            { status: 201, body: {} },
          ],
        });
      },
    });

    expect(await replayer.replay()).toBe('auth');

    const left = await Promise.all(
      queue.entries.map(async (e) => JSON.parse(await e.request.clone().text()).id),
    );
    expect(left).toEqual(['b', 'c']);
    expect(messages).toContainEqual({ type: 'auth-required', size: 2 });
  });
});

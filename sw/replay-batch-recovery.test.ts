/** Replay in batches: crash recovery, a queue changed under the pass, flags, the next batch taken early. */
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

describe('replay in batches: recovery and the next batch', () => {
  it('after a worker died mid-batch, puts back only what the queue lost, once', async () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => entry(create(id), `product:${id}`));
    const store = createReplayStore(db, () => crypto.randomUUID());
    // The copy of a, b, c was written, a and b were taken off the queue, then the worker died.
    const held = await Promise.all(
      [a, b, c].map(async (e) => ({
        entry: e as QueueEntry,
        body: await (e as QueueEntry).request.clone().text(),
      })),
    );
    await store.setInFlight(held);
    for (const e of [c, d] as QueueEntry[]) await queue.pushRequest(e);

    expect(await setup().replay()).toBe('done');

    expect(ranIds).toEqual(['a', 'b', 'c', 'd']);
    expect(await store.inFlight()).toEqual([]);
  });

  it('reads the queue again when its head is not what the pass read', async () => {
    for (const id of ['a', 'b']) await enqueue(create(id), `product:${id}`);
    // Another writer puts an entry at the head right after the pass read the queue.
    const getAll = queue.getAll.bind(queue);
    let first = true;
    queue.getAll = async () => {
      const all = await getAll();
      if (first) {
        first = false;
        await queue.unshiftRequest(entry(create('z'), 'product:z'));
      }
      return all;
    };

    expect(await setup().replay()).toBe('done');

    expect(ranIds).toEqual(['z', 'a', 'b']);
    expect(await queue.size()).toBe(0);
  });

  it('clears the pending flag of every row of a batch in one go', async () => {
    for (const id of ['a', 'b']) {
      await addProduct(id);
      await enqueue(create(id), `product:${id}`);
    }
    await enqueue(mutation('PUT', '/api/products/a', { body: { name: 'A2' } }), 'product:a');

    await setup().replay();

    expect((await db.products.toArray()).map((p) => p.pending)).toEqual([0, 0]);
  });

  describe('with the next batch taken while one is on the wire', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const queuedIds = () =>
      Promise.all(queue.entries.map(async (e) => JSON.parse(await e.request.clone().text()).id));

    beforeEach(async () => {
      for (const id of ids) await enqueue(create(id), `product:${id}`);
    });

    it('keeps the copy covering every entry out of the queue', async () => {
      const store = createReplayStore(db, () => crypto.randomUUID());
      let seen: string[] = [];
      answer = async (_request, n) => {
        if (n === 1) {
          // Wait until the next batch has been taken off the queue, as it is meant to be.
          while (queue.entries.length > 1) await new Promise((r) => setTimeout(r, 1));
          const copy = await store.inFlight();
          seen = copy.map((h) => JSON.parse(h.body ?? '').id);
        }
        return json(201, {});
      };

      expect(await setup({ maxBatch: 2 }).replay()).toBe('done');

      expect(seen).toEqual(['a', 'b', 'c', 'd']);
      expect(ranIds).toEqual(ids);
      // Everything settled: nothing for the next start to resend.
      expect(await store.inFlight()).toEqual([]);
      expect(await setup({ maxBatch: 2 }).replay()).toBe('done');
      expect(ranIds).toEqual(ids);
    });

    it.each([
      ['a 503 for the whole batch', async () => json(503, { message: 'Indisponível' })],
      ['a network error', async (): Promise<Response> => Promise.reject(new TypeError('offline'))],
    ])('puts both batches back in order on %s', async (_label, fail) => {
      answer = async (_request, n) => (n === 3 ? fail() : json(201, {}));
      const replayer = setup({ maxBatch: 2 });

      expect(await replayer.replay()).toBe('retry');
      expect(await queuedIds()).toEqual(['c', 'd', 'e']);
      expect(await replayer.size()).toBe(3);

      ranIds = [];
      answer = async () => json(201, {});
      expect(await replayer.replay()).toBe('done');
      expect(ranIds).toEqual(['c', 'd', 'e']);
    });

    it('puts both batches back when the session expired (401 for the batch)', async () => {
      answer = async () => json(401, { message: 'Sessão expirada. Entre novamente.' });

      expect(await setup({ maxBatch: 3 }).replay()).toBe('auth');

      expect(await queuedIds()).toEqual(ids);
      expect(messages).toContainEqual({ type: 'auth-required', size: 5 });
    });

    it('falls back to one request per mutation for a refused batch, then batches again', async () => {
      noBatchEndpoint = true;

      expect(await setup({ maxBatch: 2 }).replay()).toBe('done');

      expect(ranIds).toEqual(ids);
      expect(requests.filter((r) => r === 'POST /api/products')).toHaveLength(5);
      expect(await queue.size()).toBe(0);
    });
  });
});

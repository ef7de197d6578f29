/** Replay of the worker queue: pending flags, the counts, crash recovery, other accounts (fake-indexeddb). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaliDb } from '../src/db/db';
import type { SyncMessage } from '../src/domain/sync/protocol';
import { createReplayer, type EntryMeta, type ReplayDeps } from './replay';
import { createReplayStore } from './replay-store';
import { batchAware, json, MemoryQueue, mutation } from './test-helpers';

type Sent = { method: string; path: string; auth: string | null; key: string | null; body: string };

let db: TaliDb;
let queue: MemoryQueue;
let sent: Sent[];
let messages: SyncMessage[];
/** The server's answer to each request, by default 200. */
let answer: (sentSoFar: number) => Promise<Response>;

function setup(overrides: Partial<ReplayDeps> = {}) {
  return createReplayer({
    queue,
    store: createReplayStore(db, () => crypto.randomUUID()),
    fetch: batchAware(async (request) => {
      const body = await request.text();
      sent.push({
        method: request.method,
        path: new URL(request.url).pathname + new URL(request.url).search,
        auth: request.headers.get('Authorization'),
        key: request.headers.get('Idempotency-Key'),
        body,
      });
      return answer(sent.length);
    }),
    announce: (m) => messages.push(m),
    ...overrides,
  });
}

async function enqueue(request: Request, entity: string | null = null, userId = 'u1') {
  const metadata: EntryMeta = { entity, userId, queuedAt: Date.now(), qid: crypto.randomUUID() };
  await queue.pushRequest({ request, metadata });
}

async function addProduct(id: string) {
  await db.products.put({
    id,
    name: 'Café',
    description: '',
    price: '59.90',
    priceCents: 5990,
    active: 1,
    searchKey: 'cafe',
    revision: 0,
    pending: 1,
    updatedAt: Date.now(),
  });
}

beforeEach(async () => {
  db = new TaliDb(`replay-${crypto.randomUUID()}`);
  await db.meta.bulkPut([
    { key: 'token', value: 'current-token' },
    { key: 'userId', value: 'u1' },
  ]);
  queue = new MemoryQueue();
  sent = [];
  messages = [];
  answer = async () => json(200, {});
});
afterEach(() => db.delete());

describe('replay of queued mutations: flags, recovery and accounts', () => {
  it('clears the pending flag only when no queued mutation for the row remains', async () => {
    await addProduct('p');
    await enqueue(mutation('POST', '/api/products'), 'product:p');
    await enqueue(mutation('PUT', '/api/products/p'), 'product:p');
    const pendingWhenSent: number[] = [];
    answer = async () => {
      pendingWhenSent.push((await db.products.get('p'))?.pending ?? -1);
      return json(200, {});
    };

    await setup().replay();

    expect(pendingWhenSent).toEqual([1, 1]);
    expect((await db.products.get('p'))?.pending).toBe(0);
  });

  it.each([
    ['through this worker', 'own'],
    ['by another worker version sharing the queue', 'foreign'],
  ] as const)('keeps a row pending when it is queued again during a pass (%s)', async (_, who) => {
    await addProduct('p');
    await enqueue(mutation('POST', '/api/products'), 'product:p');
    await enqueue(mutation('POST', '/api/customers'), 'customer:c');
    const replayer = setup();
    const pendingWhenSent: Record<string, number> = {};
    answer = async (n) => {
      const last = sent.at(-1);
      if (last)
        pendingWhenSent[`${last.method} ${last.path}`] =
          (await db.products.get('p'))?.pending ?? -1;
      if (n === 1) {
        // The owner edits the row again while its create is on the wire.
        const entry = {
          request: mutation('PUT', '/api/products/p'),
          metadata: { entity: 'product:p', userId: 'u1', queuedAt: Date.now() },
        };
        await (who === 'own' ? replayer.push(entry) : queue.pushRequest(entry));
      }
      return json(200, {});
    };

    expect(await replayer.replay()).toBe('done');

    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /api/products',
      'POST /api/customers',
      'PUT /api/products/p',
    ]);
    // Between the create and the queued edit the row never looked synced.
    expect(pendingWhenSent['POST /api/customers']).toBe(1);
    expect(pendingWhenSent['PUT /api/products/p']).toBe(1);
    expect((await db.products.get('p'))?.pending).toBe(0);
    expect(messages.filter((m) => m.type === 'replayed').map((m) => m.size)).toEqual([2, 1, 0]);
  });

  it('reads the whole queue once per pass, not after every send', async () => {
    for (let n = 0; n < 30; n++) {
      await enqueue(mutation('POST', `/api/products?n=${n}`), `product:${n % 10}`);
    }
    let reads = 0;
    const getAll = queue.getAll.bind(queue);
    queue.getAll = () => {
      reads++;
      return getAll();
    };

    expect(await setup().replay()).toBe('done');

    expect(sent).toHaveLength(30);
    expect(reads).toBe(1);
  });

  it('leaves nothing to resend at the next start once the queue is sent', async () => {
    await enqueue(mutation('POST', '/api/products', { key: 'k-1' }), 'product:a');
    await enqueue(mutation('PUT', '/api/products/a', { key: 'k-2' }), 'product:a');

    expect(await setup().replay()).toBe('done');
    expect(await setup().replay()).toBe('done');

    expect(sent.map((s) => s.key)).toEqual(['k-1', 'k-2']);
  });

  it('resends the mutation a worker was sending when it died', async () => {
    const store = createReplayStore(db, () => crypto.randomUUID());
    const request = mutation('POST', '/api/products', { body: { n: 1 } });
    await store.setInFlight([{ entry: { request }, body: JSON.stringify({ n: 1 }) }]);
    await enqueue(mutation('POST', '/api/customers'));

    await setup().replay();

    expect(sent.map((s) => s.path)).toEqual(['/api/products', '/api/customers']);
    expect(await store.inFlight()).toEqual([]);
  });

  it('never sends a mutation queued by another account under the current one', async () => {
    await enqueue(mutation('POST', '/api/products'), 'product:old', 'previous-user');
    await enqueue(mutation('POST', '/api/products'), 'product:new', 'u1');

    await setup().replay();

    expect(sent).toHaveLength(1);
    expect(messages).toContainEqual({ type: 'discarded', entity: 'product:old', size: 1 });
  });

  it('waits for a sign-in when no token is known at all', async () => {
    await db.meta.delete('token');
    await enqueue(mutation('POST', '/api/products'));

    expect(await setup().replay()).toBe('auth');
    expect(sent).toHaveLength(0);
    expect(await queue.size()).toBe(1);
  });
});

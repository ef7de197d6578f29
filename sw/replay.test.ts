/** Replay policy of the worker's mutation queue, against a real Dexie database (fake-indexeddb). */
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

describe('replay of queued mutations', () => {
  it('sends queued mutations in the order they were made and empties the queue', async () => {
    await enqueue(mutation('POST', '/api/products', { body: { name: 'A' } }), 'product:a');
    await enqueue(mutation('PUT', '/api/products/a', { body: { name: 'A2' } }), 'product:a');
    await enqueue(mutation('DELETE', '/api/customers/c'), 'customer:c');

    expect(await setup().replay()).toBe('done');

    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /api/products',
      'PUT /api/products/a',
      'DELETE /api/customers/c',
    ]);
    expect(await queue.size()).toBe(0);
    expect(messages.filter((m) => m.type === 'replayed').map((m) => m.size)).toEqual([2, 1, 0]);
    expect(messages.at(-1)).toEqual({ type: 'replay-done', size: 0 });
  });

  it('counts the mutation being sent as still waiting, so the counter never dips', async () => {
    await enqueue(mutation('POST', '/api/products?n=1'));
    await enqueue(mutation('POST', '/api/products?n=2'));
    const replayer = setup();
    const seen: number[] = [];
    answer = async () => {
      seen.push(await replayer.size());
      throw new TypeError('offline');
    };

    await replayer.replay();

    expect(seen).toEqual([2]);
    expect(await replayer.size()).toBe(2);
  });

  it('sends each mutation once when two triggers replay at the same time', async () => {
    for (const n of [1, 2, 3]) await enqueue(mutation('POST', `/api/products?n=${n}`));
    answer = () => new Promise((r) => setTimeout(() => r(json(200, {})), 5));
    const replayer = setup();

    await Promise.all([replayer.replay(), replayer.replay(), replayer.replay()]);

    expect(sent.map((s) => s.path)).toEqual([1, 2, 3].map((n) => `/api/products?n=${n}`));
  });

  it('sends each mutation once when an old and a new worker replay under the shared lock', async () => {
    for (const n of [1, 2, 3, 4]) await enqueue(mutation('POST', `/api/products?n=${n}`));
    answer = () => new Promise((r) => setTimeout(() => r(json(200, {})), 5));
    let tail: Promise<unknown> = Promise.resolve();
    const withLock = <T>(task: () => Promise<T>): Promise<T> => {
      const run = tail.then(task);
      // The holder sees its own failure through `run`; the next one only waits for it.
      tail = run.catch(() => undefined);
      return run;
    };

    await Promise.all([setup({ withLock }).replay(), setup({ withLock }).replay()]);

    expect(sent.map((s) => s.path)).toEqual([1, 2, 3, 4].map((n) => `/api/products?n=${n}`));
  });

  it('rebuilds Authorization from the current token and keeps body and Idempotency-Key', async () => {
    const body = { name: 'Bolo', price: '12.50' };
    await enqueue(mutation('POST', '/api/products', { body, token: 'expired', key: 'k-1' }));

    await setup().replay();

    expect(sent[0]).toMatchObject({ auth: 'Bearer current-token', key: 'k-1' });
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual(body);
  });

  it.each([
    ['a 5xx answer', async () => json(503, { message: 'Indisponível' })],
    ['a network error', async (): Promise<Response> => Promise.reject(new TypeError('offline'))],
    ['a 429 answer', async () => json(429, { message: 'Muitas requisições' })],
    ['a 408 answer', async () => new Response('', { status: 408 })],
  ])('keeps the queue in order and stops on %s, then sends everything later', async (_, fail) => {
    await enqueue(mutation('POST', '/api/products?n=1'));
    await enqueue(mutation('POST', '/api/products?n=2'));
    answer = fail;
    const replayer = setup();

    expect(await replayer.replay()).toBe('retry');
    expect(sent).toHaveLength(1);
    expect(await queue.size()).toBe(2);
    expect(messages.at(-1)).toEqual({ type: 'replay-done', size: 2 });

    answer = async () => json(201, {});
    expect(await replayer.replay()).toBe('done');
    expect(sent.map((s) => s.path)).toEqual([
      '/api/products?n=1',
      '/api/products?n=1',
      '/api/products?n=2',
    ]);
    expect(await queue.size()).toBe(0);
  });

  it('keeps the queue on 401 and asks the page to sign in again', async () => {
    await enqueue(mutation('POST', '/api/products'), 'product:a');
    await enqueue(mutation('POST', '/api/products'), 'product:b');
    answer = async () => json(401, { message: 'Não autorizado' });

    expect(await setup().replay()).toBe('auth');

    expect(sent).toHaveLength(1);
    expect(await queue.size()).toBe(2);
    expect(messages).toContainEqual({ type: 'auth-required', size: 2 });
  });

  it('moves a refused mutation to the dead letters and goes on with the rest', async () => {
    await addProduct('bad');
    const body = { name: 'X', price: 'abc' };
    await enqueue(mutation('POST', '/api/products', { body }), 'product:bad');
    await enqueue(mutation('POST', '/api/customers'), 'customer:ok');
    answer = async (n) =>
      n === 1 ? json(400, { message: 'Preço deve ser um número válido' }) : json(201, {});

    expect(await setup().replay()).toBe('done');

    expect(sent).toHaveLength(2);
    const [letter] = await db.deadLetters.toArray();
    expect(letter).toMatchObject({
      method: 'POST',
      status: 400,
      message: 'Preço deve ser um número válido',
      entity: 'product',
      entityId: 'bad',
    });
    expect(JSON.parse(letter?.body ?? '')).toEqual(body);
    // The owner still sees the row as not synced, next to the reason.
    expect((await db.products.get('bad'))?.pending).toBe(1);
    expect(messages).toContainEqual(
      expect.objectContaining({ type: 'dead-letter', entity: 'product:bad', status: 400 }),
    );
  });

  it('counts a DELETE answered 404 as done: the row is already gone', async () => {
    await enqueue(mutation('DELETE', '/api/products/gone'), 'product:gone');
    answer = async () => json(404, { message: 'Produto não encontrado' });

    expect(await setup().replay()).toBe('done');
    expect(await db.deadLetters.count()).toBe(0);
    expect(await queue.size()).toBe(0);
  });

  it('uses "status: text" as the reason when the refusal has no JSON message', async () => {
    await enqueue(mutation('PUT', '/api/products/x'), 'product:x');
    answer = async () => new Response('Not Found', { status: 404 });

    await setup().replay();

    expect((await db.deadLetters.toArray())[0]?.message).toBe('404: Not Found');
  });
});

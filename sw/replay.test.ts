/** Replay policy of the worker's mutation queue, against a real Dexie database (fake-indexeddb). */
import { describe, expect, it } from 'vitest';
import { replayWorld } from './replay-fixtures';
import { json, mutation } from './test-helpers';

const w = replayWorld();
const { setup, enqueue, addProduct } = w;

describe('replay of queued mutations', () => {
  it('sends queued mutations in the order they were made and empties the queue', async () => {
    await enqueue(mutation('POST', '/api/products', { body: { name: 'A' } }), 'product:a');
    await enqueue(mutation('PUT', '/api/products/a', { body: { name: 'A2' } }), 'product:a');
    await enqueue(mutation('DELETE', '/api/customers/c'), 'customer:c');

    expect(await setup().replay()).toBe('done');

    expect(w.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /api/products',
      'PUT /api/products/a',
      'DELETE /api/customers/c',
    ]);
    expect(await w.queue.size()).toBe(0);
    expect(w.messages.filter((m) => m.type === 'replayed').map((m) => m.size)).toEqual([2, 1, 0]);
    expect(w.messages.at(-1)).toEqual({ type: 'replay-done', size: 0 });
  });

  it('counts the mutation being sent as still waiting, so the counter never dips', async () => {
    await enqueue(mutation('POST', '/api/products?n=1'));
    await enqueue(mutation('POST', '/api/products?n=2'));
    const replayer = setup();
    const seen: number[] = [];
    w.answer = async () => {
      seen.push(await replayer.size());
      throw new TypeError('offline');
    };

    await replayer.replay();

    expect(seen).toEqual([2]);
    expect(await replayer.size()).toBe(2);
  });

  it('sends each mutation once when two triggers replay at the same time', async () => {
    for (const n of [1, 2, 3]) await enqueue(mutation('POST', `/api/products?n=${n}`));
    w.answer = () => new Promise((r) => setTimeout(() => r(json(200, {})), 5));
    const replayer = setup();

    await Promise.all([replayer.replay(), replayer.replay(), replayer.replay()]);

    expect(w.sent.map((s) => s.path)).toEqual([1, 2, 3].map((n) => `/api/products?n=${n}`));
  });

  it('sends each mutation once when an old and a new worker replay under the shared lock', async () => {
    for (const n of [1, 2, 3, 4]) await enqueue(mutation('POST', `/api/products?n=${n}`));
    w.answer = () => new Promise((r) => setTimeout(() => r(json(200, {})), 5));
    let tail: Promise<unknown> = Promise.resolve();
    const withLock = <T>(task: () => Promise<T>): Promise<T> => {
      const run = tail.then(task);
      // The holder sees its own failure through `run`; the next one only waits for it.
      tail = run.catch(() => undefined);
      return run;
    };

    await Promise.all([setup({ withLock }).replay(), setup({ withLock }).replay()]);

    expect(w.sent.map((s) => s.path)).toEqual([1, 2, 3, 4].map((n) => `/api/products?n=${n}`));
  });

  it('rebuilds Authorization from the current token and keeps body and Idempotency-Key', async () => {
    const body = { name: 'Bolo', price: '12.50' };
    await enqueue(mutation('POST', '/api/products', { body, token: 'expired', key: 'k-1' }));

    await setup().replay();

    expect(w.sent[0]).toMatchObject({ auth: 'Bearer current-token', key: 'k-1' });
    expect(JSON.parse(w.sent[0]?.body ?? '')).toEqual(body);
  });

  it.each([
    ['a 5xx answer', async () => json(503, { message: 'Indisponível' })],
    ['a network error', async (): Promise<Response> => Promise.reject(new TypeError('offline'))],
    ['a 429 answer', async () => json(429, { message: 'Muitas requisições' })],
    ['a 408 answer', async () => new Response('', { status: 408 })],
  ])('keeps the queue in order and stops on %s, then sends everything later', async (_, fail) => {
    await enqueue(mutation('POST', '/api/products?n=1'));
    await enqueue(mutation('POST', '/api/products?n=2'));
    w.answer = fail;
    const replayer = setup();

    expect(await replayer.replay()).toBe('retry');
    expect(w.sent).toHaveLength(1);
    expect(await w.queue.size()).toBe(2);
    expect(w.messages.at(-1)).toEqual({ type: 'replay-done', size: 2 });

    w.answer = async () => json(201, {});
    expect(await replayer.replay()).toBe('done');
    expect(w.sent.map((s) => s.path)).toEqual([
      '/api/products?n=1',
      '/api/products?n=1',
      '/api/products?n=2',
    ]);
    expect(await w.queue.size()).toBe(0);
  });

  it('keeps the queue on 401 and asks the page to sign in again', async () => {
    await enqueue(mutation('POST', '/api/products'), 'product:a');
    await enqueue(mutation('POST', '/api/products'), 'product:b');
    w.answer = async () => json(401, { message: 'Não autorizado' });

    expect(await setup().replay()).toBe('auth');

    expect(w.sent).toHaveLength(1);
    expect(await w.queue.size()).toBe(2);
    expect(w.messages).toContainEqual({ type: 'auth-required', size: 2 });
  });

  it('moves a refused mutation to the dead letters and goes on with the rest', async () => {
    await addProduct('bad');
    const body = { name: 'X', price: 'abc' };
    await enqueue(mutation('POST', '/api/products', { body }), 'product:bad');
    await enqueue(mutation('POST', '/api/customers'), 'customer:ok');
    w.answer = async (n) =>
      n === 1 ? json(400, { message: 'Preço deve ser um número válido' }) : json(201, {});

    expect(await setup().replay()).toBe('done');

    expect(w.sent).toHaveLength(2);
    const [letter] = await w.db.deadLetters.toArray();
    expect(letter).toMatchObject({
      method: 'POST',
      status: 400,
      message: 'Preço deve ser um número válido',
      entity: 'product',
      entityId: 'bad',
    });
    expect(JSON.parse(letter?.body ?? '')).toEqual(body);
    // The owner still sees the row as not synced, next to the reason.
    expect((await w.db.products.get('bad'))?.pending).toBe(1);
    expect(w.messages).toContainEqual(
      expect.objectContaining({ type: 'dead-letter', entity: 'product:bad', status: 400 }),
    );
  });

  it('counts a DELETE answered 404 as done: the row is already gone', async () => {
    await enqueue(mutation('DELETE', '/api/products/gone'), 'product:gone');
    w.answer = async () => json(404, { message: 'Produto não encontrado' });

    expect(await setup().replay()).toBe('done');
    expect(await w.db.deadLetters.count()).toBe(0);
    expect(await w.queue.size()).toBe(0);
  });

  it('uses "status: text" as the reason when the refusal has no JSON message', async () => {
    await enqueue(mutation('PUT', '/api/products/x'), 'product:x');
    w.answer = async () => new Response('Not Found', { status: 404 });

    await setup().replay();

    expect((await w.db.deadLetters.toArray())[0]?.message).toBe('404: Not Found');
  });
});

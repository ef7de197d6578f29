/** Replay in batches: fewer round trips, the same order, the same per-mutation policy. */
import { describe, expect, it } from 'vitest';
import { batchWorld } from './replay-fixtures';
import { json, mutation } from './test-helpers';

const w = batchWorld();
const { setup, enqueue, addProduct, create } = w;

describe('replay in batches', () => {
  it('sends consecutive catalogue mutations in one request, in their order', async () => {
    for (const id of ['a', 'b', 'c']) await enqueue(create(id), `product:${id}`);
    await enqueue(mutation('PUT', '/api/products/a', { body: { name: 'A2' } }), 'product:a');
    await enqueue(mutation('DELETE', '/api/customers/x'), 'customer:x');

    expect(await setup().replay()).toBe('done');

    expect(w.requests).toEqual(['POST /api/sync/replay']);
    expect(w.ran).toEqual([
      'POST /api/products',
      'POST /api/products',
      'POST /api/products',
      'PUT /api/products/a',
      'DELETE /api/customers/x',
    ]);
    expect(await w.queue.size()).toBe(0);
    expect(w.messages.filter((m) => m.type === 'replayed').map((m) => m.size)).toEqual([
      4, 3, 2, 1, 0,
    ]);
  });

  it('splits by count and by size', async () => {
    for (const id of ['a', 'b', 'c', 'd', 'e']) await enqueue(create(id), `product:${id}`);
    await setup({ maxBatch: 2 }).replay();
    expect(w.requests).toEqual(Array(3).fill('POST /api/sync/replay'));

    w.requests = [];
    for (const id of ['f', 'g', 'h']) {
      await enqueue(create(id, { description: 'x'.repeat(400) }), `product:${id}`);
    }
    await setup({ maxBatchChars: 1000 }).replay();
    // Two bodies of ~450 characters fit in 1,000; the third goes in the next batch.
    expect(w.requests).toEqual(['POST /api/sync/replay', 'POST /api/sync/replay']);
    expect(w.ran).toHaveLength(8);
  });

  it('sends what the batch does not run alone, without changing the order', async () => {
    await enqueue(create('a'), 'product:a');
    await enqueue(mutation('POST', '/api/whatever', { body: {} }), 'other:1');
    await enqueue(create('b', { description: 'x'.repeat(2000) }), 'product:b');
    await enqueue(create('c'), 'product:c');

    await setup({ maxBatchChars: 1000 }).replay();

    expect(w.requests).toEqual([
      'POST /api/sync/replay',
      'POST /api/whatever',
      'POST /api/products',
      'POST /api/sync/replay',
    ]);
    expect(w.ran).toEqual([
      'POST /api/products',
      'POST /api/whatever',
      'POST /api/products',
      'POST /api/products',
    ]);
  });

  it('falls back to one request per mutation when the server will not take the batch', async () => {
    w.noBatchEndpoint = true;
    await enqueue(create('a'), 'product:a');
    await enqueue(mutation('DELETE', '/api/products/a'), 'product:a');

    expect(await setup().replay()).toBe('done');

    expect(w.requests).toEqual([
      'POST /api/sync/replay',
      'POST /api/products',
      'DELETE /api/products/a',
    ]);
    expect(await w.queue.size()).toBe(0);
  });

  it('dead-letters a refused mutation inside a batch and settles the others', async () => {
    for (const id of ['a', 'b', 'c']) {
      await addProduct(id);
      await enqueue(create(id), `product:${id}`);
    }
    w.answer = async (_request, n) =>
      n === 2 ? json(400, { message: 'Preço deve ser um número válido' }) : json(201, {});

    expect(await setup().replay()).toBe('done');

    expect(w.requests).toEqual(['POST /api/sync/replay']);
    expect(await w.db.deadLetters.toArray()).toMatchObject([
      { entityId: 'b', status: 400, message: 'Preço deve ser um número válido' },
    ]);
    const pending = await w.db.products.orderBy('id').toArray();
    expect(pending.map((p) => [p.id, p.pending])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 0],
    ]);
  });

  it('keeps the whole batch in order when it fails, and sends it all later', async () => {
    for (const id of ['a', 'b', 'c']) await enqueue(create(id), `product:${id}`);
    w.answer = async () => json(503, { message: 'Indisponível' });
    const replayer = setup();

    expect(await replayer.replay()).toBe('retry');
    expect(await w.queue.size()).toBe(3);
    expect(w.messages.filter((m) => m.type === 'replayed')).toEqual([]);

    w.ranIds = [];
    w.answer = async () => json(201, {});
    expect(await replayer.replay()).toBe('done');
    expect(w.ranIds).toEqual(['a', 'b', 'c']);
    expect(await w.queue.size()).toBe(0);
  });

  it('stops at a 401 inside the answers and keeps that mutation and the rest', async () => {
    for (const id of ['a', 'b', 'c']) await enqueue(create(id), `product:${id}`);
    // The batch is answered item by item: the first ran, the second found the session gone.
    const replayer = setup({
      fetch: async (request) => {
        w.requests.push(request.url);
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
      w.queue.entries.map(async (e) => JSON.parse(await e.request.clone().text()).id),
    );
    expect(left).toEqual(['b', 'c']);
    expect(w.messages).toContainEqual({ type: 'auth-required', size: 2 });
  });
});

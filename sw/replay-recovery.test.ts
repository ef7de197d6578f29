/** Replay of the worker queue: pending flags, the counts, crash recovery, other accounts (fake-indexeddb). */
import { describe, expect, it } from 'vitest';
import { replayWorld } from './replay-fixtures';
import { createReplayStore } from './replay-store';
import { json, mutation } from './test-helpers';

const w = replayWorld();
const { setup, enqueue, addProduct } = w;

describe('replay of queued mutations: flags, recovery and accounts', () => {
  it('clears the pending flag only when no queued mutation for the row remains', async () => {
    await addProduct('p');
    await enqueue(mutation('POST', '/api/products'), 'product:p');
    await enqueue(mutation('PUT', '/api/products/p'), 'product:p');
    const pendingWhenSent: number[] = [];
    w.answer = async () => {
      pendingWhenSent.push((await w.db.products.get('p'))?.pending ?? -1);
      return json(200, {});
    };

    await setup().replay();

    expect(pendingWhenSent).toEqual([1, 1]);
    expect((await w.db.products.get('p'))?.pending).toBe(0);
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
    w.answer = async (n) => {
      const last = w.sent.at(-1);
      if (last)
        pendingWhenSent[`${last.method} ${last.path}`] =
          (await w.db.products.get('p'))?.pending ?? -1;
      if (n === 1) {
        // The owner edits the row again while its create is on the wire.
        const entry = {
          request: mutation('PUT', '/api/products/p'),
          metadata: { entity: 'product:p', userId: 'u1', queuedAt: Date.now() },
        };
        await (who === 'own' ? replayer.push(entry) : w.queue.pushRequest(entry));
      }
      return json(200, {});
    };

    expect(await replayer.replay()).toBe('done');

    expect(w.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /api/products',
      'POST /api/customers',
      'PUT /api/products/p',
    ]);
    // Between the create and the queued edit the row never looked synced.
    expect(pendingWhenSent['POST /api/customers']).toBe(1);
    expect(pendingWhenSent['PUT /api/products/p']).toBe(1);
    expect((await w.db.products.get('p'))?.pending).toBe(0);
    expect(w.messages.filter((m) => m.type === 'replayed').map((m) => m.size)).toEqual([2, 1, 0]);
  });

  it('reads the whole queue once per pass, not after every send', async () => {
    for (let n = 0; n < 30; n++) {
      await enqueue(mutation('POST', `/api/products?n=${n}`), `product:${n % 10}`);
    }
    let reads = 0;
    const getAll = w.queue.getAll.bind(w.queue);
    w.queue.getAll = () => {
      reads++;
      return getAll();
    };

    expect(await setup().replay()).toBe('done');

    expect(w.sent).toHaveLength(30);
    expect(reads).toBe(1);
  });

  it('leaves nothing to resend at the next start once the queue is sent', async () => {
    await enqueue(mutation('POST', '/api/products', { key: 'k-1' }), 'product:a');
    await enqueue(mutation('PUT', '/api/products/a', { key: 'k-2' }), 'product:a');

    expect(await setup().replay()).toBe('done');
    expect(await setup().replay()).toBe('done');

    expect(w.sent.map((s) => s.key)).toEqual(['k-1', 'k-2']);
  });

  it('resends the mutation a worker was sending when it died', async () => {
    const store = createReplayStore(w.db, () => crypto.randomUUID());
    const request = mutation('POST', '/api/products', { body: { n: 1 } });
    await store.setInFlight([{ entry: { request }, body: JSON.stringify({ n: 1 }) }]);
    await enqueue(mutation('POST', '/api/customers'));

    await setup().replay();

    expect(w.sent.map((s) => s.path)).toEqual(['/api/products', '/api/customers']);
    expect(await store.inFlight()).toEqual([]);
  });

  it('never sends a mutation queued by another account under the current one', async () => {
    await enqueue(mutation('POST', '/api/products'), 'product:old', 'previous-user');
    await enqueue(mutation('POST', '/api/products'), 'product:new', 'u1');

    await setup().replay();

    expect(w.sent).toHaveLength(1);
    expect(w.messages).toContainEqual({ type: 'discarded', entity: 'product:old', size: 1 });
  });

  it('waits for a sign-in when no token is known at all', async () => {
    await w.db.meta.delete('token');
    await enqueue(mutation('POST', '/api/products'));

    expect(await setup().replay()).toBe('auth');
    expect(w.sent).toHaveLength(0);
    expect(await w.queue.size()).toBe(1);
  });
});

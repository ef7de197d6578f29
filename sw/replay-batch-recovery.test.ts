/** Replay in batches: crash recovery, a queue changed under the pass, flags, the next batch taken early. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueueEntry } from './replay';
import { batchWorld } from './replay-fixtures';
import { createReplayStore } from './replay-store';
import { json, mutation } from './test-helpers';

const w = batchWorld();
const { setup, enqueue, addProduct, entry, create } = w;

describe('replay in batches: recovery and the next batch', () => {
  it('after a worker died mid-batch, puts back only what the queue lost, once', async () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => entry(create(id), `product:${id}`));
    const store = createReplayStore(w.db, () => crypto.randomUUID());
    // The copy of a, b, c was written, a and b were taken off the queue, then the worker died.
    const held = await Promise.all(
      [a, b, c].map(async (e) => ({
        entry: e as QueueEntry,
        body: await (e as QueueEntry).request.clone().text(),
      })),
    );
    await store.setInFlight(held);
    for (const e of [c, d] as QueueEntry[]) await w.queue.pushRequest(e);

    expect(await setup().replay()).toBe('done');

    expect(w.ranIds).toEqual(['a', 'b', 'c', 'd']);
    expect(await store.inFlight()).toEqual([]);
  });

  it('reads the queue again when its head is not what the pass read', async () => {
    for (const id of ['a', 'b']) await enqueue(create(id), `product:${id}`);
    // Another writer puts an entry at the head right after the pass read the queue.
    const getAll = w.queue.getAll.bind(w.queue);
    let first = true;
    w.queue.getAll = async () => {
      const all = await getAll();
      if (first) {
        first = false;
        await w.queue.unshiftRequest(entry(create('z'), 'product:z'));
      }
      return all;
    };

    expect(await setup().replay()).toBe('done');

    expect(w.ranIds).toEqual(['z', 'a', 'b']);
    expect(await w.queue.size()).toBe(0);
  });

  it('clears the pending flag of every row of a batch in one go', async () => {
    for (const id of ['a', 'b']) {
      await addProduct(id);
      await enqueue(create(id), `product:${id}`);
    }
    await enqueue(mutation('PUT', '/api/products/a', { body: { name: 'A2' } }), 'product:a');

    await setup().replay();

    expect((await w.db.products.toArray()).map((p) => p.pending)).toEqual([0, 0]);
  });

  describe('with the next batch taken while one is on the wire', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const queuedIds = () =>
      Promise.all(w.queue.entries.map(async (e) => JSON.parse(await e.request.clone().text()).id));

    beforeEach(async () => {
      for (const id of ids) await enqueue(create(id), `product:${id}`);
    });

    it('keeps the copy covering every entry out of the queue', async () => {
      const store = createReplayStore(w.db, () => crypto.randomUUID());
      let seen: string[] = [];
      w.answer = async (_request, n) => {
        if (n === 1) {
          // Wait until the next batch has been taken off the queue, as it is meant to be.
          while (w.queue.entries.length > 1) await new Promise((r) => setTimeout(r, 1));
          const copy = await store.inFlight();
          seen = copy.map((h) => JSON.parse(h.body ?? '').id);
        }
        return json(201, {});
      };

      expect(await setup({ maxBatch: 2 }).replay()).toBe('done');

      expect(seen).toEqual(['a', 'b', 'c', 'd']);
      expect(w.ranIds).toEqual(ids);
      // Everything settled: nothing for the next start to resend.
      expect(await store.inFlight()).toEqual([]);
      expect(await setup({ maxBatch: 2 }).replay()).toBe('done');
      expect(w.ranIds).toEqual(ids);
    });

    it.each([
      ['a 503 for the whole batch', async () => json(503, { message: 'Indisponível' })],
      ['a network error', async (): Promise<Response> => Promise.reject(new TypeError('offline'))],
    ])('puts both batches back in order on %s', async (_label, fail) => {
      w.answer = async (_request, n) => (n === 3 ? fail() : json(201, {}));
      const replayer = setup({ maxBatch: 2 });

      expect(await replayer.replay()).toBe('retry');
      expect(await queuedIds()).toEqual(['c', 'd', 'e']);
      expect(await replayer.size()).toBe(3);

      w.ranIds = [];
      w.answer = async () => json(201, {});
      expect(await replayer.replay()).toBe('done');
      expect(w.ranIds).toEqual(['c', 'd', 'e']);
    });

    it('puts both batches back when the session expired (401 for the batch)', async () => {
      w.answer = async () => json(401, { message: 'Sessão expirada. Entre novamente.' });

      expect(await setup({ maxBatch: 3 }).replay()).toBe('auth');

      expect(await queuedIds()).toEqual(ids);
      expect(w.messages).toContainEqual({ type: 'auth-required', size: 5 });
    });

    it('falls back to one request per mutation for a refused batch, then batches again', async () => {
      w.noBatchEndpoint = true;

      expect(await setup({ maxBatch: 2 }).replay()).toBe('done');

      expect(w.ranIds).toEqual(ids);
      expect(w.requests.filter((r) => r === 'POST /api/products')).toHaveLength(5);
      expect(await w.queue.size()).toBe(0);
    });
  });
});

/**
 * A mutation sent at once (the line was free) by a worker that dies before reading the answer:
 * found by the chaos test (tests/api/chaos.test.ts, issue 23). Its row stayed pending for ever,
 * with nothing queued to clear it; the copy kept while it is on the wire is queued again by the
 * next worker's pass and sent with the same Idempotency-Key.
 */
import { describe, expect, it, vi } from 'vitest';
import { handleMutation } from './mutation-queue';
import { setPending } from './replay-store';
import {
  batchAware,
  json,
  MemoryQueue,
  mutation,
  pendingProduct,
  signedInDevice,
  testReplayer,
} from './test-helpers';

const ID = '3f1c2b9e-8d7a-4c6b-9e5f-1a2b3c4d5e6f';

async function device() {
  const db = await signedInDevice('direct');
  await db.products.put(pendingProduct(ID));
  return db;
}

describe('a direct send when the worker dies before its answer', () => {
  it('is sent again by the next worker, with its key, and the row is no longer pending', async () => {
    const db = await device();
    const queue = new MemoryQueue();
    const received: string[] = [];
    // The server commits; the first worker never reads the answer (it is killed).
    const dying = testReplayer(db, queue, async () => json(200, {}));
    const request = mutation('POST', '/api/products', {
      body: { id: ID, name: 'Café', description: '', price: '10.00', active: true },
      entity: `product:${ID}`,
      token: 'tok',
      key: 'key-1',
    });
    const sending = handleMutation(request, {
      queue: { pushRequest: (e) => dying.push(e), size: () => queue.size() },
      fetch: async (r) => {
        received.push(r.headers.get('Idempotency-Key') ?? '');
        return new Promise<Response>(() => {});
      },
      isReplaying: () => dying.busy,
      userId: async () => 'u1',
      onQueued: async (entity) => setPending(db, entity),
      guardDirect: (entry) => dying.guardDirect(entry),
    });
    void sending;
    // Until the request is on the wire (a fixed 20 ms wait failed on a loaded machine).
    await vi.waitFor(() => expect(received).toEqual(['key-1']), { timeout: 5000 });
    expect(await queue.size()).toBe(0);

    // Restarted: same IndexedDB, same queue, a new worker.
    const sent: string[] = [];
    // Alone or in a replay batch: each mutation as its route gets it.
    const next = testReplayer(
      db,
      queue,
      batchAware(async (r) => {
        sent.push(`${r.method} ${new URL(r.url).pathname} ${r.headers.get('Idempotency-Key')}`);
        return json(200, { id: ID, revision: 7 });
      }),
    );
    expect(await next.replay()).toBe('done');
    expect(sent).toEqual(['POST /api/products key-1']);
    expect((await db.products.get(ID))?.pending).toBe(0);
    expect(await db.meta.where('key').startsWith('sw-direct:').count()).toBe(0);
    // Nothing is sent twice.
    expect(await next.replay()).toBe('done');
    expect(sent).toHaveLength(1);
  });

  it('leaves no copy behind when the answer is read, and none is resent', async () => {
    const db = await device();
    const queue = new MemoryQueue();
    const sent: string[] = [];
    const replayer = testReplayer(db, queue, async (r) => {
      sent.push(r.method);
      return json(200, {});
    });
    const res = await handleMutation(
      mutation('DELETE', `/api/products/${ID}`, { entity: `product:${ID}`, token: 'tok' }),
      {
        queue: { pushRequest: (e) => replayer.push(e), size: () => queue.size() },
        fetch: async () => new Response(null, { status: 204 }),
        isReplaying: () => replayer.busy,
        userId: async () => 'u1',
        onQueued: async () => {},
        guardDirect: (entry) => replayer.guardDirect(entry),
      },
    );
    expect(res.status).toBe(204);
    expect(await db.meta.where('key').startsWith('sw-direct:').count()).toBe(0);
    expect(await replayer.replay()).toBe('done');
    expect(sent).toEqual([]);
  });
});

/** Network-first handling of /api mutations by the worker: what the page gets back, what waits. */
import { beforeEach, describe, expect, it } from 'vitest';
import { handleMutation, type MutationDeps } from './mutation-queue';
import { readMeta } from './replay';
import { json, MemoryQueue, mutation, queueableOf } from './test-helpers';

let queue: MemoryQueue;
let network: string[];
let queuedCalls: { entity: string | null; size: number; busy: boolean }[];

function deps(fetch: MutationDeps['fetch'], replaying = false): MutationDeps {
  return {
    queue,
    async fetch(request) {
      network.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(request);
    },
    isReplaying: () => replaying,
    userId: async () => 'u1',
    async onQueued(entity, size, busy) {
      queuedCalls.push({ entity, size, busy });
    },
  };
}

const offline = async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));

beforeEach(() => {
  queue = new MemoryQueue();
  network = [];
  queuedCalls = [];
});

describe('which requests the worker queues', () => {
  it('queues product and customer mutations but not reads, sign-in or online-only calls', () => {
    const queued = ['POST /api/products', 'PUT /api/customers/1', 'DELETE /api/products/1'];
    const notQueued = ['GET /api/products', 'POST /api/auth/login', 'POST /api/campanhas/enviar'];
    const more = ['POST /api/products/import-csv', 'POST /api/productsx'];
    expect(queueableOf([...queued, ...notQueued, ...more])).toEqual([...queued, more[0]]);
  });

  it("queues a chat's read mark and assistant switch, never the owner's reply (the page's outbox holds it)", () => {
    const queued = [
      'POST /api/conversas/11987654321/lida',
      'PUT /api/conversas/11987654321/assistente',
    ];
    const reply = ['POST /api/conversas/11987654321/mensagens'];
    expect(queueableOf([...queued, ...reply])).toEqual(queued);
  });
});

describe('a mutation sent through the worker', () => {
  it('goes to the network and returns the server answer when online', async () => {
    const res = await handleMutation(
      mutation('POST', '/api/products'),
      deps(async () => json(201, { id: 'p' })),
    );

    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 'p' });
    expect(await queue.size()).toBe(0);
  });

  it('passes a server refusal through untouched instead of queuing it', async () => {
    const res = await handleMutation(
      mutation('POST', '/api/products'),
      deps(async () => json(400, { message: 'Preço é obrigatório' })),
    );

    expect(res.status).toBe(400);
    expect(await queue.size()).toBe(0);
  });

  it('answers 202 {"queued": true} on a network error and keeps body and headers', async () => {
    const body = { name: 'Café', price: '10.00' };
    const request = mutation('POST', '/api/products', {
      body,
      entity: 'product:p1',
      token: 't',
      key: 'idem-1',
    });

    const res = await handleMutation(request, deps(offline));

    expect(res.status).toBe(202);
    expect(res.headers.get('Content-Type')).toBe('application/json');
    expect(await res.json()).toEqual({ queued: true });
    const [entry] = await queue.getAll();
    expect(entry?.request.headers.get('Idempotency-Key')).toBe('idem-1');
    expect(entry?.request.headers.get('X-Tali-Entity')).toBe('product:p1');
    expect(await entry?.request.json()).toEqual(body);
    expect(readMeta(entry?.metadata)).toMatchObject({ entity: 'product:p1', userId: 'u1' });
    expect(queuedCalls).toEqual([{ entity: 'product:p1', size: 1, busy: false }]);
  });

  it('joins the line without touching the network while older mutations wait', async () => {
    await queue.pushRequest({ request: mutation('POST', '/api/products') });

    const res = await handleMutation(
      mutation('PUT', '/api/products/p'),
      deps(async () => json(200, {})),
    );

    expect(res.status).toBe(202);
    expect(network).toEqual([]);
    expect(await queue.size()).toBe(2);
    expect(queuedCalls[0]?.busy).toBe(true);
  });

  it('joins the line while a replay is sending, so it cannot overtake it', async () => {
    const res = await handleMutation(
      mutation('DELETE', '/api/products/p'),
      deps(async () => json(200, {}), true),
    );

    expect(res.status).toBe(202);
    expect(network).toEqual([]);
  });

  it('does not queue a request the page aborted itself', async () => {
    const controller = new AbortController();
    const request = new Request('https://tali.test/api/products', {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    });
    controller.abort();

    await expect(
      handleMutation(
        request,
        deps(async () => Promise.reject(new DOMException('', 'AbortError'))),
      ),
    ).rejects.toThrow();
    expect(await queue.size()).toBe(0);
  });
});

describe('what a queued entry records about itself', () => {
  it('keeps the edit stamp the page sent, and no stamp when the header is missing or malformed', async () => {
    const stamps: (number | undefined)[] = [];
    for (const stamp of ['1795632035875', undefined, '', '12abc', '-5']) {
      const request = mutation('PUT', '/api/products/1', { entity: 'product:1' });
      if (stamp !== undefined) request.headers.set('X-Tali-Stamp', stamp);
      await handleMutation(request, deps(offline));
      const entries = await queue.getAll();
      stamps.push(readMeta((entries.at(-1) as (typeof entries)[number]).metadata).stamp);
    }
    expect(stamps).toEqual([1795632035875, undefined, undefined, undefined, undefined]);
  });
});

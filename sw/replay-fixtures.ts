/**
 * The worlds the replay tests run in (replay*.test.ts): a fresh device database (fake-indexeddb)
 * signed in as u1, the queue in memory, and a fake server that records what it is sent. Each
 * `*World()` registers its own beforeEach/afterEach; tests set `answer` to change the server.
 */
import { afterEach, beforeEach } from 'vitest';
import { TaliDb } from '../src/db/db';
import type { SyncMessage } from '../src/domain/sync/protocol';
import { createReplayer, type EntryMeta, type QueueEntry, type ReplayDeps } from './replay';
import { createReplayStore } from './replay-store';
import { batchAware, json, MemoryQueue, mutation } from './test-helpers';

/** A product row waiting on the device (pending), as a local edit leaves it. */
function pendingProduct(id: string, name: string, price: string, searchKey: string) {
  const priceCents = Math.round(Number(price) * 100);
  return {
    id,
    name,
    description: '',
    price,
    priceCents,
    active: 1 as const,
    stock: null,
    searchKey,
    revision: 0,
  };
}

class World {
  db!: TaliDb;
  queue = new MemoryQueue();
  messages: SyncMessage[] = [];

  /** A fresh database signed in as u1 and an empty queue (beforeEach). */
  async reset(): Promise<void> {
    this.db = new TaliDb(`replay-${crypto.randomUUID()}`);
    await this.db.meta.bulkPut([
      { key: 'token', value: 'current-token' },
      { key: 'userId', value: 'u1' },
    ]);
    this.queue = new MemoryQueue();
    this.messages = [];
  }

  /** The replayer over this world, `fetch` its server unless overridden. */
  replayer(fetch: ReplayDeps['fetch'], overrides: Partial<ReplayDeps>) {
    return createReplayer({
      queue: this.queue,
      store: createReplayStore(this.db, () => crypto.randomUUID()),
      fetch,
      announce: (m) => this.messages.push(m),
      ...overrides,
    });
  }

  readonly entry = (request: Request, entity: string | null = null, userId = 'u1'): QueueEntry => {
    const metadata: EntryMeta = { entity, userId, queuedAt: Date.now(), qid: crypto.randomUUID() };
    return { request, metadata };
  };

  readonly enqueue = async (request: Request, entity: string | null = null, userId = 'u1') => {
    await this.queue.pushRequest(this.entry(request, entity, userId));
  };

  readonly addPendingProduct = async (id: string, name: string, price: string, key: string) => {
    await this.db.products.put({
      ...pendingProduct(id, name, price, key),
      pending: 1,
      updatedAt: Date.now(),
    });
  };
}

export type Sent = {
  method: string;
  path: string;
  auth: string | null;
  key: string | null;
  body: string;
};

/** One request after the other through the batch-aware server (replay.test.ts and its twin). */
class ReplayWorld extends World {
  sent: Sent[] = [];
  /** The server's answer to each request, by default 200. */
  answer: (sentSoFar: number) => Promise<Response> = async () => json(200, {});

  override async reset(): Promise<void> {
    await super.reset();
    this.sent = [];
    this.answer = async () => json(200, {});
  }

  readonly setup = (overrides: Partial<ReplayDeps> = {}) =>
    this.replayer(
      batchAware(async (request) => {
        const body = await request.text();
        const url = new URL(request.url);
        this.sent.push({
          method: request.method,
          path: url.pathname + url.search,
          auth: request.headers.get('Authorization'),
          key: request.headers.get('Idempotency-Key'),
          body,
        });
        return this.answer(this.sent.length);
      }),
      overrides,
    );

  readonly addProduct = (id: string) => this.addPendingProduct(id, 'Café', '59.90', 'cafe');
}

/** Batches: what went over HTTP and what the server ran (replay-batch.test.ts and its twin). */
class BatchWorld extends World {
  /** Every HTTP request the worker made: the batch endpoint or a mutation's own route. */
  requests: string[] = [];
  /** Every mutation the "server" ran, batched or not, in order, and the ids in their bodies. */
  ran: string[] = [];
  ranIds: (string | undefined)[] = [];
  answer: (request: Request, n: number) => Promise<Response> = async () => json(200, {});
  /** When set, the batch endpoint does not exist (an older server): 404 for it. */
  noBatchEndpoint = false;

  override async reset(): Promise<void> {
    await super.reset();
    this.requests = [];
    this.ran = [];
    this.ranIds = [];
    this.noBatchEndpoint = false;
    this.answer = async () => json(200, {});
  }

  readonly setup = (overrides: Partial<ReplayDeps> = {}) => {
    const server = batchAware(async (request) => {
      const url = new URL(request.url);
      this.ran.push(`${request.method} ${url.pathname}${url.search}`);
      const body = await request.clone().text();
      this.ranIds.push(body ? (JSON.parse(body) as { id?: string }).id : undefined);
      return this.answer(request, this.ran.length);
    });
    return this.replayer(async (request) => {
      const { pathname } = new URL(request.url);
      this.requests.push(`${request.method} ${pathname}`);
      if (this.noBatchEndpoint && pathname === '/api/sync/replay') {
        return json(404, { message: 'Rota não encontrada' });
      }
      return server(request);
    }, overrides);
  };

  readonly create = (id: string, body: object = {}) =>
    mutation('POST', '/api/products', { body: { id, name: id, price: '1', ...body } });

  readonly addProduct = (id: string) => this.addPendingProduct(id, id, '1.00', id);
}

function registered<W extends World>(world: W): W {
  beforeEach(() => world.reset());
  afterEach(() => world.db.delete());
  return world;
}

export const replayWorld = (): ReplayWorld => registered(new ReplayWorld());
export const batchWorld = (): BatchWorld => registered(new BatchWorld());

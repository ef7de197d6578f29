/**
 * Test doubles and fixtures for the worker modules: an in-memory Queue with workbox's semantics,
 * a signed-in device, a pending product, the page's offline write and a replayer over them.
 */
import { TaliDb } from '../src/db/db';
import type { LocalProduct } from '../src/domain/product';
import { REPLAY_BATCH_PATH, type ReplayBatchItem } from '../src/domain/sync/protocol';
import { handleMutation, isQueueable } from './mutation-queue';
import type { QueueEntry, ReplayQueue } from './queue-entry';
import { createReplayer, type ReplayDeps } from './replay';
import { createReplayStore } from './replay-store';

const copyOf = (entry: QueueEntry): QueueEntry => ({
  ...entry,
  request: entry.request.clone(),
  ...(entry.metadata ? { metadata: { ...entry.metadata } } : {}),
});

/** Like workbox's Queue: entries are copies taken when stored, shift removes before sending. */
export class MemoryQueue implements ReplayQueue {
  entries: QueueEntry[] = [];

  async pushRequest(entry: QueueEntry): Promise<void> {
    // Workbox stamps every entry with the time it was stored.
    this.entries.push({ timestamp: Date.now(), ...entry, request: entry.request.clone() });
  }
  async unshiftRequest(entry: QueueEntry): Promise<void> {
    this.entries.unshift({ ...entry, request: entry.request.clone() });
  }
  /**
   * As workbox's QueueStore: the head is read, then deleted in another transaction. Like
   * workbox, every read answers new objects (it rebuilds each Request from IndexedDB).
   */
  async shiftRequest(): Promise<QueueEntry | undefined> {
    const head = this.entries[0];
    await new Promise((r) => setTimeout(r, 0));
    this.entries = this.entries.filter((e) => e !== head);
    return head && copyOf(head);
  }
  async getAll(): Promise<QueueEntry[]> {
    return this.entries.map(copyOf);
  }
  async size(): Promise<number> {
    return this.entries.length;
  }
}

export function mutation(
  method: string,
  path: string,
  opts: { body?: unknown; entity?: string; token?: string; key?: string; stamp?: number } = {},
): Request {
  const headers: Record<string, string> = { 'Idempotency-Key': opts.key ?? crypto.randomUUID() };
  if (opts.entity) headers['X-Tali-Entity'] = opts.entity;
  if (opts.stamp !== undefined) headers['X-Tali-Stamp'] = String(opts.stamp);
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  return new Request(`https://tali.test${path}`, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A fetch that also understands the replay batch (POST /api/sync/replay) the way the server
 * does: each item becomes the request its own route would get, answered by `handle`, in order.
 * Like the server, a batch whose item meets a failure of the whole request (network error, 401,
 * 5xx, 408, 429) is answered with that failure and nothing of it counts.
 */
export function batchAware(
  handle: (request: Request) => Promise<Response>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== REPLAY_BATCH_PATH) return handle(request);
    const { mutations } = (await request.json()) as { mutations: ReplayBatchItem[] };
    const results: { status: number; body: unknown }[] = [];
    for (const m of mutations) {
      const headers: Record<string, string> = {
        Authorization: request.headers.get('Authorization') ?? '',
      };
      if (m.idempotencyKey) headers['Idempotency-Key'] = m.idempotencyKey;
      if (m.body !== null) headers['Content-Type'] = 'application/json';
      const res = await handle(
        new Request(new URL(m.path, url), { method: m.method, headers, body: m.body }),
      );
      if (res.status === 401 || res.status >= 500 || res.status === 408 || res.status === 429) {
        return res;
      }
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: the answer's raw text, as the server's batch carries it.
        body = text;
      }
      results.push({ status: res.status, body });
    }
    return json(200, { results });
  };
}

/** A device's database signed in as user u1 (token `tok`), with any more meta rows given. */
export async function signedInDevice(
  name: string,
  more: { key: string; value: unknown }[] = [],
): Promise<TaliDb> {
  const db = new TaliDb(`${name}-${crypto.randomUUID()}`);
  await db.meta.bulkPut([{ key: 'token', value: 'tok' }, { key: 'userId', value: 'u1' }, ...more]);
  return db;
}

/** A product 'Café' written on the device and not yet acknowledged (pending). */
export function pendingProduct(
  id: string,
  fields: Partial<Pick<LocalProduct, 'name' | 'revision' | 'updatedAt'>> = {},
): LocalProduct {
  const name = fields.name ?? 'Café';
  return {
    id,
    name,
    description: '',
    price: '10.00',
    priceCents: 1000,
    stock: null,
    active: 1,
    searchKey: name.toLowerCase(),
    revision: fields.revision ?? 0,
    pending: 1,
    updatedAt: fields.updatedAt ?? 1,
  };
}

/** The page's write while offline: the worker queues it and answers (202 { queued: true }). */
export function queueOffline(queue: ReplayQueue, request: Request): Promise<Response> {
  return handleMutation(request, {
    queue,
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    isReplaying: () => false,
    userId: async () => 'u1',
    onQueued: async () => {},
  });
}

/** A replayer of `queue` over the device's database, sending through `fetch`, announcing nothing. */
export function testReplayer(
  db: TaliDb,
  queue: ReplayQueue,
  fetch: ReplayDeps['fetch'],
  more: Partial<ReplayDeps> = {},
) {
  return createReplayer({
    queue,
    store: createReplayStore(db, () => crypto.randomUUID()),
    fetch,
    announce: () => {},
    ...more,
  });
}

/** Which of these requests ('METHOD /path'; a GET is a plain read) the worker would queue. */
export function queueableOf(lines: string[]): string[] {
  return lines.filter((line) => {
    const [method = 'GET', path = '/'] = line.split(' ');
    const request =
      method === 'GET' ? new Request(`https://tali.test${path}`) : mutation(method, path);
    return isQueueable(request);
  });
}

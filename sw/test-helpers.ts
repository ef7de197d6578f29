/** Test doubles for the worker modules: an in-memory Queue with workbox's semantics. */
import type { QueueEntry, ReplayQueue } from './replay';

/** Like workbox's Queue: entries are copies taken when stored, shift removes before sending. */
export class MemoryQueue implements ReplayQueue {
  entries: QueueEntry[] = [];

  async pushRequest(entry: QueueEntry): Promise<void> {
    this.entries.push({ ...entry, request: entry.request.clone() });
  }
  async unshiftRequest(entry: QueueEntry): Promise<void> {
    this.entries.unshift({ ...entry, request: entry.request.clone() });
  }
  /** As workbox's QueueStore: the head is read, then deleted in another transaction. */
  async shiftRequest(): Promise<QueueEntry | undefined> {
    const head = this.entries[0];
    await new Promise((r) => setTimeout(r, 0));
    this.entries = this.entries.filter((e) => e !== head);
    return head;
  }
  async getAll(): Promise<QueueEntry[]> {
    return [...this.entries];
  }
  async size(): Promise<number> {
    return this.entries.length;
  }
}

export function mutation(
  method: string,
  path: string,
  opts: { body?: unknown; entity?: string; token?: string; key?: string } = {},
): Request {
  const headers: Record<string, string> = { 'Idempotency-Key': opts.key ?? crypto.randomUUID() };
  if (opts.entity) headers['X-Tali-Entity'] = opts.entity;
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

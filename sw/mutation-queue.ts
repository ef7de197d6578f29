/** Network-first sending of /api mutations; on a network error the request waits in the queue. */
import { ENTITY_HEADER, isOfflineCapable, stampOf } from '../src/domain/sync/protocol';
import type { EntryMeta, QueueEntry } from './queue-entry';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OWNER_REPLY = /^\/api\/conversas\/[^/]+\/mensagens\/?$/;
/**
 * Only the synced entities' APIs and the singletons' PUTs (store data, hours, the assistant's
 * settings: src/domain/sync/entities.ts) are queued. Auth must fail at
 * once, and online-only screens (campaigns, WhatsApp, store creation) show their own offline
 * message instead of a "queued" answer they could not use.
 */
export function isQueueable(request: Request): boolean {
  if (!MUTATING.has(request.method)) return false;
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith('/api/') || pathname.startsWith('/api/auth/')) return false;
  // The owner's chat replies wait in the page's own outbox (src/db/conversations-replies.ts),
  // which sends a reply late only while it is younger than an hour (issue 37): never queued here.
  if (OWNER_REPLY.test(pathname)) return false;
  return request.headers.has(ENTITY_HEADER) || isOfflineCapable(pathname, request.method);
}

export type MutationDeps = {
  queue: { pushRequest(entry: QueueEntry): Promise<void>; size(): Promise<number> };
  fetch: (request: Request) => Promise<Response>;
  /** True while a replay pass runs: a new mutation must not overtake the queued ones. */
  isReplaying: () => boolean;
  userId: () => Promise<string | null>;
  /** After queuing: flag the row pending, announce, and start a replay when the line was busy. */
  onQueued: (entity: string | null, size: number, lineWasBusy: boolean) => Promise<void>;
  /**
   * Crash safety of a direct send: keeps a copy while it is on the wire and answers how to drop
   * it once the answer is read (or the request is queued). A copy left by a killed worker is
   * queued again by the next replay pass (replay.ts), sent with its Idempotency-Key.
   */
  guardDirect?: (entry: QueueEntry) => Promise<() => Promise<void>>;
};

export function queuedResponse(): Response {
  return new Response(JSON.stringify({ queued: true }), {
    status: 202,
    headers: { 'Content-Type': 'application/json' },
  });
}

export async function handleMutation(request: Request, deps: MutationDeps): Promise<Response> {
  // The body can be read once: keep a copy before the network attempt consumes it.
  const copy = request.clone();
  // Order matters (create before edit before delete): while anything waits, join the line.
  const lineIsBusy = deps.isReplaying() || (await deps.queue.size()) > 0;
  const entity = copy.headers.get(ENTITY_HEADER);
  const stamp = stampOf(copy.headers);
  const meta: EntryMeta = {
    entity,
    userId: await deps.userId(),
    queuedAt: Date.now(),
    qid: crypto.randomUUID(),
    ...(stamp === undefined ? {} : { stamp }),
  };
  let release: (() => Promise<void>) | null = null;
  if (!lineIsBusy) {
    release = deps.guardDirect
      ? await deps.guardDirect({ request: copy.clone(), metadata: meta, timestamp: meta.queuedAt })
      : null;
    try {
      const res = await deps.fetch(request);
      await release?.();
      return res;
    } catch (error) {
      // The page gave up on purpose (AbortController): that is not something to send later.
      if (request.signal?.aborted) {
        await release?.();
        throw error;
      }
      // Any other rejection is a network error (no answer): the request is queued below.
    }
  }
  await deps.queue.pushRequest({ request: copy, metadata: meta });
  // Queued: the queue covers it now.
  await release?.();
  await deps.onQueued(entity, await deps.queue.size(), lineIsBusy);
  return queuedResponse();
}

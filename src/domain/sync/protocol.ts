/**
 * The contract between the page, the service worker and the server for offline mutations.
 *
 * The page writes to Dexie first (row `pending: 1`), then sends the mutation with `fetch` to the
 * entity's endpoint (registry.ts) carrying two headers: `Idempotency-Key` (a fresh UUID per
 * mutation) and `X-Tali-Entity` ("<kind>:<id>", e.g. "product:<id>"). The worker sends it
 * network-first; on a network error it queues the request and answers `202 {"queued": true}`.
 * Replay keeps the queue's order and is locked; consecutive catalogue mutations travel in batches
 * (below); after each outcome the worker announces a SyncMessage on the BroadcastChannel.
 * The worker itself clears `pending` on the Dexie row once no queued mutation for that entity
 * remains (src/db/pending.ts), and writes refused mutations to `db.deadLetters`, so nothing
 * depends on a page being open.
 */
import {
  ENTITY_DESCRIPTORS,
  type EntityKind,
  entityOfPath,
  isEntityKind,
  isSingletonKind,
  isSingletonRoute,
  SINGLETON_ID,
  type SingletonKind,
} from './entities';

export const SYNC_CHANNEL = 'tali-sync';
export const ENTITY_HEADER = 'X-Tali-Entity';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/**
 * The edit stamp (`updatedAt`) of the local state a mutation carries, when the page knows it (a
 * row's save, a settings section's save). The worker acknowledges a replayed mutation by it, as
 * the page does (src/db/pending.ts): a newer local change written meanwhile stays pending even
 * before its own request reaches the worker (decision 004, "What a queued entry is about").
 */
export const STAMP_HEADER = 'X-Tali-Stamp';

/** The stamp a request carries, or undefined (none, or not a stamp). */
export function stampOf(headers: Headers): number | undefined {
  const raw = headers.get(STAMP_HEADER) ?? '';
  const value = Number(raw);
  return /^\d{1,16}$/.test(raw) && Number.isSafeInteger(value) ? value : undefined;
}

/** Page → worker (postMessage to the controller). */
export type PageToWorker =
  | { type: 'SKIP_WAITING' }
  /** The page came online or to the foreground: replay now. */
  | { type: 'REPLAY' }
  /** Ask for a 'queue' message with the current size. */
  | { type: 'QUEUE_STATUS' };

/** Worker → pages (BroadcastChannel SYNC_CHANNEL). */
export type SyncMessage =
  | { type: 'queue'; size: number }
  | { type: 'queued'; entity: string | null; size: number }
  | { type: 'replayed'; entity: string | null; status: number; size: number }
  | { type: 'dead-letter'; entity: string | null; status: number; message: string; size: number }
  /** Queued under another account that has since signed out on this phone: not sent. */
  | { type: 'discarded'; entity: string | null; size: number }
  /** A replay answered 401: the page must ask the owner to sign in again; the queue is kept. */
  | { type: 'auth-required'; size: number }
  /** Replay finished (queue empty or stopped on a network error / 5xx). */
  | { type: 'replay-done'; size: number }
  /** The server pushed news (a new order): open pages pull now rather than at their next poll. */
  | { type: 'server-news' };

export function entityTag(kind: EntityKind | SingletonKind, id: string): string {
  return `${kind}:${id}`;
}

/** "product:<id>" → its kind and id; null for no tag or a kind the registry does not know. */
export function parseEntityTag(tag: string | null): { kind: EntityKind; id: string } | null {
  if (!tag) return null;
  const colon = tag.indexOf(':');
  const kind = tag.slice(0, colon);
  const id = tag.slice(colon + 1);
  if (colon <= 0 || !id || !isEntityKind(kind)) return null;
  return { kind, id };
}

/**
 * A CSV import's tag ("product-import:<Idempotency-Key>"): the rows it carries wait in db.meta
 * under `importAckKey(key)` with their edit stamps, and whoever reads its 2xx (the page, or the
 * worker after a replay) acknowledges them by that record. Without it the worker, which only sees
 * the CSV text, left a replayed import's rows pending until a pull brought exactly their content
 * back, which never happens once another device has edited them (chaos test, issue 23).
 */
const IMPORT_TAG = 'product-import:';
export const importTag = (key: string) => `${IMPORT_TAG}${key}`;
export const importAckKey = (key: string) => `import-ack:${key}`;
/**
 * What a customers' import keeps under `importAckKey` (the products' keeps the bare array): its
 * kind, so a replay acknowledges the rows in the customers' table.
 */
export type CustomerImportAck = { kind: 'customer'; rows: { id: string; stamp?: number }[] };
export function isCustomerImportAck(value: unknown): value is CustomerImportAck {
  const ack = value as Partial<CustomerImportAck> | null;
  return ack?.kind === 'customer' && Array.isArray(ack.rows);
}
/** "product-import:<key>" → the key; null for anything else. */
export function parseImportTag(tag: string | null): string | null {
  return tag?.startsWith(IMPORT_TAG) ? tag.slice(IMPORT_TAG.length) || null : null;
}

/** "store-data:me" → the singleton's kind; null for anything else. */
export function parseSingletonTag(tag: string | null): SingletonKind | null {
  if (!tag?.endsWith(`:${SINGLETON_ID}`)) return null;
  const kind = tag.slice(0, -SINGLETON_ID.length - 1);
  return isSingletonKind(kind) ? kind : null;
}

/**
 * Replay batch (worker → server). The worker sends queued catalogue mutations in order, many per
 * request: `POST REPLAY_BATCH_PATH` with `{ mutations: ReplayBatchItem[] }`; the server runs them
 * in that order, each exactly as its own route would (Idempotency-Key included), and answers
 * `200 { results: ReplayBatchResult[] }`, one per mutation, same order. A batch without a CSV
 * import is either answered or not run at all (5xx, network error): nothing is half-applied. An
 * import runs in chunks that commit on their own (docs/decisions/003): after a failure the batch
 * is sent again and what was already done answers from its Idempotency-Key.
 */
export const REPLAY_BATCH_PATH = '/api/sync/replay';
/** Mutations per batch, and the most body text a batch carries (a single larger one goes alone). */
export const MAX_REPLAY_BATCH = 100;
export const MAX_REPLAY_BATCH_CHARS = 2_000_000;

export type ReplayBatchItem = {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Path only ("/api/products/<id>"). */
  path: string;
  idempotencyKey?: string;
  /** The request body as queued (JSON text), or null. */
  body: string | null;
};

export type ReplayBatchResult = { status: number; body: unknown };

/**
 * Mutations that work offline, which the worker queues: any mutation of a synced entity's API,
 * and a singleton's own method and path (PUT /api/stores/me, not POST /api/stores).
 */
export function isOfflineCapable(path: string, method?: string): boolean {
  if (entityOfPath(path) !== undefined) return true;
  return method !== undefined && isSingletonRoute(method, path);
}

/** The mutations the batch runs: every entity's POST, PUT /:id, DELETE /:id and extra POSTs. */
export function isBatchable(method: string, path: string): method is ReplayBatchItem['method'] {
  const entity = entityOfPath(path);
  if (!entity) return false;
  const rest = path.slice(entity.basePath.length);
  if (method === 'POST') return rest === '' || entity.extraPosts.some((p) => p === rest);
  if (method === 'PUT' || method === 'DELETE') return /^\/[^/]+$/.test(rest);
  return false;
}

/** Every synced entity's table name: the lists of GET /api/sync's answer. */
export const SYNCED_TABLES = ENTITY_DESCRIPTORS.map((e) => e.table);

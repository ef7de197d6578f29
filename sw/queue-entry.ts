/** A queued mutation: its stored shape, metadata, and what the replay reads from it. */
/** The part of workbox-background-sync's Queue the replay needs (injected so tests run in node). */
export type QueueEntry = { request: Request; timestamp?: number; metadata?: object };
/** An entry out of the queue, with its body read once (a Request's body is a stream). */
export type HeldEntry = { entry: QueueEntry; body: string | null };

/**
 * A request's body as text, or null when it has none or it is not text (a photo's bytes: decoding
 * them as UTF-8 would corrupt them; the request itself keeps them, see replay-store.ts `toStored`).
 */
export async function bodyText(request: Request): Promise<string | null> {
  if (isBinaryBody(request)) return null;
  return (await request.clone().text()) || null;
}

/** Image uploads (PUT /api/products/:id/photos/:photoId) carry bytes, not JSON. */
export function isBinaryBody(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').toLowerCase().startsWith('image/');
}
export interface ReplayQueue {
  pushRequest(entry: QueueEntry): Promise<void>;
  shiftRequest(): Promise<QueueEntry | undefined>;
  unshiftRequest(entry: QueueEntry): Promise<void>;
  getAll(): Promise<QueueEntry[]>;
  size(): Promise<number>;
}

/**
 * What the worker records with each queued request (Queue `metadata`): what it is about, read
 * once when it is queued, so the replay never parses headers again. `entity` is the
 * `X-Tali-Entity` tag; `stamp` the edit stamp of the local state it carries (`X-Tali-Stamp`),
 * by which its success acknowledges that state (absent: an entry queued by an older worker, a
 * delete, an import, a retried refusal). `qid` names the entry for good: a copy kept while it
 * is being sent is matched against the queue by it.
 */
export type EntryMeta = {
  entity: string | null;
  userId: string | null;
  queuedAt: number;
  qid?: string;
  stamp?: number;
};

/** A replayed mutation's acknowledgement: its tag, and the stamp of the state it carried. */
export type WorkerAck = { tag: string; stamp?: number };

export type RefusedMutation = {
  method: string;
  url: string;
  body: string | null;
  status: number;
  message: string;
  entity: string | null;
  /** The row a stale change's 409 carries (src/db/refusals.ts). */
  current?: unknown;
};

/** The device database as the replay sees it (Dexie in the worker, see replay-store.ts). */
export interface ReplayStore {
  /** The current session token, mirrored by the page into IndexedDB. */
  token(): Promise<string | null>;
  userId(): Promise<string | null>;
  /**
   * The server holds these mutations' states and no queued mutation for their tags remains: the
   * rows (or settings sections) are no longer pending, unless written again since their stamp.
   */
  markSynced(acks: readonly WorkerAck[]): Promise<void>;
  /** Photos whose upload was answered 410 (removed before it arrived): gone from the device. */
  photosGone(photoIds: readonly string[]): Promise<void>;
  /** Photos whose upload was answered 2xx: the server has them (no longer 'waiting' here). */
  photosSent(photoIds: readonly string[]): Promise<void>;
  deadLetter(refused: RefusedMutation): Promise<void>;
  /** A copy of the entries being sent, so a worker killed mid-request does not lose them. */
  setInFlight(entries: readonly HeldEntry[] | null): Promise<void>;
  inFlight(): Promise<HeldEntry[]>;
  /**
   * A copy of a mutation sent at once (the line was free) while it is on the wire: a device
   * killed after the server committed it, before its answer was read, would otherwise leave its
   * row pending for ever with nothing queued to clear it (found by the chaos test, issue 23).
   */
  keepDirect?(entry: HeldEntry): Promise<void>;
  dropDirect?(qid: string): Promise<void>;
  directCopies?(): Promise<HeldEntry[]>;
}

export function readMeta(metadata: object | undefined): EntryMeta {
  const m = (metadata ?? {}) as Partial<EntryMeta>;
  return {
    entity: typeof m.entity === 'string' ? m.entity : null,
    userId: typeof m.userId === 'string' ? m.userId : null,
    queuedAt: typeof m.queuedAt === 'number' ? m.queuedAt : 0,
    ...(typeof m.qid === 'string' ? { qid: m.qid } : {}),
    ...(typeof m.stamp === 'number' ? { stamp: m.stamp } : {}),
  };
}

/**
 * Who an entry is, across reads of the queue: its qid; for an entry queued before qids existed,
 * when it was queued and what it does.
 */
export function entryId(entry: QueueEntry): string {
  const { qid } = readMeta(entry.metadata);
  return qid ?? `${entry.timestamp ?? ''}|${entry.request.method}|${entry.request.url}`;
}

/** The token may have changed since the request was queued (sign-in again after a 401). */
export function withCurrentToken(request: Request, token: string): Request {
  const headers = new Headers(request.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return new Request(request, { headers });
}

export function bearerOf(request: Request): string | null {
  const value = request.headers.get('Authorization') ?? '';
  return value.startsWith('Bearer ') ? value.slice(7) || null : null;
}

/** A queued mutation: its stored shape, metadata, and what the replay reads from it. */

/** The part of workbox-background-sync's Queue the replay needs (injected so tests run in node). */
export type QueueEntry = { request: Request; timestamp?: number; metadata?: object };
/** An entry out of the queue, with its body read once (a Request's body is a stream). */
export type HeldEntry = { entry: QueueEntry; body: string | null };
export interface ReplayQueue {
  pushRequest(entry: QueueEntry): Promise<void>;
  shiftRequest(): Promise<QueueEntry | undefined>;
  unshiftRequest(entry: QueueEntry): Promise<void>;
  getAll(): Promise<QueueEntry[]>;
  size(): Promise<number>;
}

/**
 * What the worker records with each queued request (Queue `metadata`). `qid` names the entry for
 * good: a copy kept while it is being sent is matched against the queue by it.
 */
export type EntryMeta = {
  entity: string | null;
  userId: string | null;
  queuedAt: number;
  qid?: string;
};

export type RefusedMutation = {
  method: string;
  url: string;
  body: string | null;
  status: number;
  message: string;
  entity: string | null;
};

/** The device database as the replay sees it (Dexie in the worker, see replay-store.ts). */
export interface ReplayStore {
  /** The current session token, mirrored by the page into IndexedDB. */
  token(): Promise<string | null>;
  userId(): Promise<string | null>;
  /** No queued mutation for these entities remains: their rows are no longer pending. */
  markSynced(entities: readonly string[]): Promise<void>;
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

/** Spec §8: the body's `message`, else "status: text". */
export async function refusalMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    return messageOf(res.status, JSON.parse(text), text || res.statusText);
  } catch {
    return `${res.status}: ${text || res.statusText}`;
  }
}

/** The same rule for an answer that arrived inside a replay batch (already parsed). */
export function messageOf(
  status: number,
  body: unknown,
  text = typeof body === 'string' ? body : JSON.stringify(body),
): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) return message;
  return `${status}: ${text}`;
}

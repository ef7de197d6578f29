/** A queued mutation: its stored shape, metadata, and what the replay reads from it. */

/** The part of workbox-background-sync's Queue the replay needs (injected so tests run in node). */
export type QueueEntry = { request: Request; timestamp?: number; metadata?: object };
export interface ReplayQueue {
  pushRequest(entry: QueueEntry): Promise<void>;
  shiftRequest(): Promise<QueueEntry | undefined>;
  unshiftRequest(entry: QueueEntry): Promise<void>;
  getAll(): Promise<QueueEntry[]>;
  size(): Promise<number>;
}

/** What the worker records with each queued request (Queue `metadata`). */
export type EntryMeta = { entity: string | null; userId: string | null; queuedAt: number };

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
  /** No queued mutation for this entity remains: its row is no longer pending. */
  markSynced(entity: string): Promise<void>;
  deadLetter(refused: RefusedMutation): Promise<void>;
  /** A copy of the entry being sent, so a worker killed mid-request does not lose it. */
  setInFlight(entry: QueueEntry | null): Promise<void>;
  inFlight(): Promise<QueueEntry | null>;
}

export function readMeta(metadata: object | undefined): EntryMeta {
  const m = (metadata ?? {}) as Partial<EntryMeta>;
  return {
    entity: typeof m.entity === 'string' ? m.entity : null,
    userId: typeof m.userId === 'string' ? m.userId : null,
    queuedAt: typeof m.queuedAt === 'number' ? m.queuedAt : 0,
  };
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
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON
  }
  return `${res.status}: ${text || res.statusText}`;
}

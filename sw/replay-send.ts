/** Sending taken entries: one to its own route, or many as one replay batch (POST /api/sync/replay). */

import { currentIn, errorMessage, errorMessageOf, parseBody } from '../src/domain/error-message';
import {
  IDEMPOTENCY_HEADER,
  REPLAY_BATCH_PATH,
  type ReplayBatchItem,
  type ReplayBatchResult,
} from '../src/domain/sync/protocol';
import type { Taken } from './batch-formation';
import { withCurrentToken } from './queue-entry';

/**
 * The server's answer to one mutation; the refusal's reason (and the row a stale change's 409
 * carries, `current`) is read only when needed.
 */
export type Answer = { status: number; reason(): Promise<string>; current?(): Promise<unknown> };

/** What a send gives: an answer per entry, no answer at all, or a batch the server would not take. */
export type Sent = Answer[] | 'network' | null;

export type Fetch = (request: Request) => Promise<Response>;

export const isRetryLater = (status: number) => status >= 500 || status === 408 || status === 429;

function batchItem({ entry, body }: Taken): ReplayBatchItem {
  const key = entry.request.headers.get(IDEMPOTENCY_HEADER);
  return {
    method: entry.request.method as ReplayBatchItem['method'],
    path: new URL(entry.request.url).pathname,
    ...(key ? { idempotencyKey: key } : {}),
    body,
  };
}

function isBatchAnswer(value: unknown, length: number): value is { results: ReplayBatchResult[] } {
  const results = (value as { results?: unknown } | null)?.results;
  return (
    Array.isArray(results) &&
    results.length === length &&
    results.every((r) => typeof (r as ReplayBatchResult | null)?.status === 'number')
  );
}

/** One entry, as it was queued, to its own route. */
export async function sendAlone(fetch: Fetch, item: Taken, token: string): Promise<Sent> {
  try {
    const res = await fetch(withCurrentToken(item.entry.request.clone(), token));
    // Read once, for the reason and the row: a Response's body is a stream.
    let text: Promise<string> | undefined;
    const body = () => (text ??= res.text().catch(() => ''));
    return [
      {
        status: res.status,
        reason: async () => errorMessage(res.status, await body(), res.statusText),
        current: async () => currentIn(parseBody(await body())),
      },
    ];
  } catch {
    // fetch rejects only when no answer came (offline, connection cut): the entry goes back.
    return 'network';
  }
}

/** Consecutive catalogue mutations in one request; null if the batch itself was refused. */
export async function sendBatch(
  fetch: Fetch,
  items: readonly Taken[],
  token: string,
): Promise<Sent> {
  const url = new URL(REPLAY_BATCH_PATH, (items[0] as Taken).entry.request.url);
  let res: Response;
  try {
    res = await fetch(
      new Request(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ mutations: items.map(batchItem) }),
      }),
    );
  } catch {
    // No answer (offline, connection cut): the batch goes back and is sent again; whatever of it
    // ran answers then from its Idempotency-Key.
    return 'network';
  }
  // The batch failed as a whole (nothing ran): every entry gets the same answer.
  if (res.status === 401 || isRetryLater(res.status)) {
    return items.map(() => ({ status: res.status, reason: async () => '' }));
  }
  // A body that is not the batch's JSON (an older server's HTML, a cut answer) is checked below
  // like any other wrong shape: the entries are sent again one by one.
  const parsed: unknown = res.ok ? await res.json().catch(() => null) : null;
  if (!isBatchAnswer(parsed, items.length)) return null;
  return parsed.results.map((r) => ({
    status: r.status,
    reason: async () => errorMessageOf(r.status, r.body),
    current: async () => currentIn(r.body),
  }));
}

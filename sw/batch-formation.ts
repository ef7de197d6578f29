/** Which queued entries travel together: consecutive catalogue mutations, within the batch limits. */
import { isBatchable } from '../src/domain/sync/protocol';
import {
  bodyText,
  type EntryMeta,
  type HeldEntry,
  isBinaryBody,
  type QueueEntry,
  readMeta,
} from './queue-entry';

/** An entry taken for sending, with what the batch needs of it. */
export type Taken = HeldEntry & { meta: EntryMeta };

/** A group of entries sent in one request, and the token it goes with. */
export type Run = { items: Taken[]; batch: boolean; token: string };

/**
 * Where a pass is in its snapshot of the queue: the entries read, the next one to take, and how
 * many of the next must go alone (a batch the server would not take, resent one by one).
 */
export type View = { snapshot: QueueEntry[]; pos: number; alone: number };

export type BatchLimits = { maxBatch: number; maxBatchChars: number };

/** Queued by another account on this phone (it signed out since): never sent as this one. */
export function isForeign(meta: EntryMeta, userId: string | null): boolean {
  return Boolean(meta.userId && userId && meta.userId !== userId);
}

/** Entries from the head of the snapshot that can travel together (at least one). */
export async function gather(
  view: View,
  userId: string | null,
  alone: boolean,
  limits: BatchLimits,
): Promise<{ items: Taken[]; batch: boolean }> {
  const items: Taken[] = [];
  let chars = 0;
  for (let i = view.pos; i < view.snapshot.length && items.length < limits.maxBatch; i++) {
    const entry = view.snapshot[i] as QueueEntry;
    const meta = readMeta(entry.metadata);
    // Another account's entry is discarded when it reaches the head.
    if (items.length > 0 && isForeign(meta, userId)) break;
    const body = await bodyText(entry.request);
    const url = new URL(entry.request.url);
    const size = body?.length ?? 0;
    const fits =
      !alone &&
      url.search === '' &&
      !isBinaryBody(entry.request) &&
      isBatchable(entry.request.method, url.pathname);
    if (!fits || size > limits.maxBatchChars) {
      if (items.length === 0) return { items: [{ entry, meta, body }], batch: false };
      break;
    }
    if (chars + size > limits.maxBatchChars) break;
    chars += size;
    items.push({ entry, meta, body });
  }
  return { items, batch: true };
}

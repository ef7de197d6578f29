/**
 * Settling the answers of a send, in queue order, with the policy per HTTP status (decision
 * 004): done and refused entries leave the line (refusals become dead letters), the first
 * "retry later" or 401 puts itself and everything after it back and stops the pass.
 */

import { PHOTO_TAG } from '../src/domain/photo';
import type { SyncMessage } from '../src/domain/sync/protocol';
import { IDEMPOTENCY_HEADER } from '../src/domain/sync/protocol';
import type { Taken } from './batch-formation';
import type { InFlight } from './in-flight';
import type { ReplayStore, WorkerAck } from './queue-entry';
import { type Answer, isRetryLater } from './replay-send';

type Verdict = 'done' | 'refused' | 'retry' | 'auth';

function verdictOf(method: string, status: number, entity: string | null): Verdict {
  // A DELETE answered 404: the row is already gone, which is what the owner wanted.
  if ((status >= 200 && status < 300) || (status === 404 && method === 'DELETE')) return 'done';
  // A photo's upload answered 410: the photo was removed (here or on another phone) before its
  // upload arrived; removed is what the owner wanted, nothing to show or send again.
  if (status === 410 && method === 'PUT' && entity?.startsWith(PHOTO_TAG)) return 'done';
  if (status === 401) return 'auth';
  if (isRetryLater(status)) return 'retry';
  return 'refused';
}

export type SettleDeps = {
  inFlight: InFlight;
  store: ReplayStore;
  announce: (message: SyncMessage) => void;
};

type Event =
  | { type: 'replayed'; entity: string | null; status: number }
  | { type: 'dead-letter'; entity: string | null; status: number; message: string };

/**
 * Applies the answers to `items` in order; `following` (the next batch, already taken) goes
 * back with them on a stop. Returns why the pass must stop, or null to go on.
 */
export async function settle(
  deps: SettleDeps,
  items: readonly Taken[],
  answers: readonly Answer[],
  following: readonly Taken[],
): Promise<'retry' | 'auth' | null> {
  const { inFlight, store, announce } = deps;
  const events: Event[] = [];
  const synced: WorkerAck[] = [];
  const gone: string[] = [];
  const sent: string[] = [];
  let stop: 'retry' | 'auth' | null = null;
  for (const [i, item] of items.entries()) {
    const answer = answers[i] as Answer;
    const { request } = item.entry;
    const verdict = verdictOf(request.method, answer.status, item.meta.entity);
    if (verdict === 'retry' || verdict === 'auth') {
      await inFlight.putBack([...items.slice(i), ...following]);
      stop = verdict;
      break;
    }
    const { entity } = item.meta;
    if (verdict === 'refused') {
      const message = await answer.reason();
      const current = await answer.current?.();
      // The row stays pending (the owner sees it needs attention next to the refusal), or shows
      // the server's row when the refusal carries it (a stale change).
      await store.deadLetter({
        method: request.method,
        url: request.url,
        body: item.body,
        status: answer.status,
        message,
        entity,
        ...(current === undefined ? {} : { current }),
      });
      events.push({ type: 'dead-letter', entity, status: answer.status, message });
    } else {
      events.push({ type: 'replayed', entity, status: answer.status });
      if (entity?.startsWith(PHOTO_TAG) && request.method === 'PUT') {
        if (answer.status === 410) gone.push(entity.slice(PHOTO_TAG.length));
        else sent.push(entity.slice(PHOTO_TAG.length));
      }
    }
    inFlight.release([item]);
    // The last queued mutation of its tag: it names the state it carried by its stamp, so a
    // change written on the page since (its request not queued yet) stays pending.
    if (inFlight.ledger.settle(entity) === 0 && entity && verdict === 'done') {
      synced.push({ tag: entity, stamp: item.meta.stamp });
    }
  }
  await store.markSynced(await inFlight.noneLeft(synced));
  // Removed before their upload arrived: gone here too, even with the app closed.
  await store.photosGone(gone);
  // Taken by the server: no longer waiting here, even with the app closed to hear it.
  await store.photosSent(sent);
  // The counter goes down one by one, to what waits now.
  const total = inFlight.ledger.total;
  for (const [i, event] of events.entries()) {
    announce({ ...event, size: total + (events.length - 1 - i) });
  }
  if (!stop) {
    // Sent with Idempotency-Keys, the copy may keep them until the next batch overwrites it
    // (one write less per batch): resending them after a crash only gets the stored answers
    // back. Otherwise it is narrowed to what is still out.
    const keyed = items.every((t) => t.entry.request.headers.has(IDEMPOTENCY_HEADER));
    if (!keyed || events.some((e) => e.type === 'dead-letter')) await inFlight.narrowCopy();
  }
  if (stop === 'auth') announce({ type: 'auth-required', size: inFlight.ledger.total });
  return stop;
}

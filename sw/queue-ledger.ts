/** What the queue holds, counted once per replay pass: per-entity counts and the total. */
import { type QueueEntry, readMeta } from './queue-entry';

/**
 * Lets the replay clear a row's pending flag and announce the queue size without reading the
 * whole queue after every send (workbox's getAll() rebuilds a Request per entry: O(n²) overall).
 */
export class QueueLedger {
  private readonly counts = new Map<string, number>();
  /** Entries in the queue, the one being sent included until it settles. */
  total = 0;

  static of(entries: QueueEntry[]): QueueLedger {
    const ledger = new QueueLedger();
    for (const entry of entries) ledger.add(readMeta(entry.metadata).entity);
    return ledger;
  }

  add(entity: string | null): void {
    this.total++;
    if (entity) this.counts.set(entity, (this.counts.get(entity) ?? 0) + 1);
  }

  /** One entry settled (sent, refused or discarded); returns how many remain for its entity. */
  settle(entity: string | null): number {
    this.total = Math.max(0, this.total - 1);
    if (!entity) return 0;
    const left = Math.max(0, (this.counts.get(entity) ?? 0) - 1);
    if (left === 0) this.counts.delete(entity);
    else this.counts.set(entity, left);
    return left;
  }

  count(entity: string): number {
    return this.counts.get(entity) ?? 0;
  }
}

/** A tiny async mutex: tasks run one at a time, in call order. */
export function createGate() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    // The caller gets the failure through `run`; the chain only waits for it, so the next task
    // still runs after a failed one.
    tail = run.catch(() => undefined);
    return run;
  };
}

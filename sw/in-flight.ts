/**
 * The entries out of the queue while a pass sends them, and their copy in IndexedDB: Workbox
 * removes an entry before it is sent, so a worker killed mid-request would lose it. Holds the
 * pass's explicit state: what is out (`held`), what waits in all (`ledger`), and the mutex that
 * keeps a push and the counting of the queue from interleaving.
 */
import {
  bodyText,
  entryId,
  type HeldEntry,
  type QueueEntry,
  type ReplayQueue,
  type ReplayStore,
  readMeta,
} from './queue-entry';
import { createGate, QueueLedger } from './queue-ledger';

export class InFlight {
  /**
   * Entries taken out of the queue and not settled yet, in queue order: still waiting, for the
   * owner. The in-flight copy always holds at least these.
   */
  held: HeldEntry[] = [];
  /** What waits (queue + held): counted once per pass, kept exact by settling and push(). */
  ledger = new QueueLedger();
  /** Makes "push + count it" atomic against the pass's snapshot of the queue. */
  private readonly gate = createGate();

  constructor(
    private readonly queue: ReplayQueue,
    private readonly store: ReplayStore,
  ) {}

  /** A new pass: nothing of this worker is out (a previous pass always settles or puts back). */
  reset(): void {
    this.held = [];
  }

  /** No longer out: settled, or back in the queue. By id: every read of the queue is a new object. */
  release(entries: readonly HeldEntry[]): void {
    const gone = new Set(entries.map((h) => entryId(h.entry)));
    this.held = this.held.filter((h) => !gone.has(entryId(h.entry)));
  }

  /** Reads the whole queue and counts what waits (once per pass, and when a snapshot runs out). */
  readQueue(): Promise<QueueEntry[]> {
    return this.gate(async () => {
      const all = await this.queue.getAll();
      this.ledger = QueueLedger.of([...this.held.map((h) => h.entry), ...all]);
      return all;
    });
  }

  /** Queues a mutation and counts it, so its row's pending flag stays set during a pass. */
  push(entry: QueueEntry): Promise<void> {
    return this.gate(async () => {
      await this.queue.pushRequest(entry);
      this.ledger.add(readMeta(entry.metadata).entity);
    });
  }

  /** The copy holds exactly what is still out (nothing when nothing is). */
  narrowCopy(): Promise<void> {
    return this.store.setInFlight(this.held.length > 0 ? this.held : null);
  }

  /**
   * Back at the head, in their order. The copy keeps covering them until they are back in the
   * queue; then it holds only what is still out (nothing already settled is ever resent).
   */
  async putBack(entries: readonly HeldEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.store.setInFlight(this.held.length > 0 ? this.held : entries);
    for (const { entry } of [...entries].reverse()) await this.queue.unshiftRequest(entry);
    this.release(entries);
    await this.narrowCopy();
  }

  /**
   * Takes `items` off the head of the queue. Their copy is written FIRST (with whatever else is
   * out), so a worker killed between the two loses nothing: the next pass puts back what the
   * queue no longer has (by qid). False if the head is not what the snapshot said (only another
   * writer could cause that): what was taken goes back, and the caller reads the queue again.
   */
  async take<T extends HeldEntry>(items: readonly T[], copy = true): Promise<boolean> {
    if (copy) await this.store.setInFlight([...this.held, ...items]);
    const taken: HeldEntry[] = [];
    for (const item of items) {
      const got = await this.queue.shiftRequest();
      if (got && entryId(got) === entryId(item.entry)) {
        this.held.push(item);
        taken.push(item);
        continue;
      }
      if (got) {
        const unexpected = { entry: got, body: await bodyText(got.request) };
        this.held.push(unexpected);
        taken.push(unexpected);
      }
      await this.putBack(taken);
      return false;
    }
    return true;
  }

  /**
   * Crash recovery, at the start of a pass: a worker died while sending what the copy holds.
   * Those the queue no longer has go back to the head (resending is safe: the server is
   * idempotent by client id and Idempotency-Key). Returns the queue as it now is.
   */
  async recover(snapshot: QueueEntry[]): Promise<QueueEntry[]> {
    const lost = await this.store.inFlight();
    if (lost.length === 0) return snapshot;
    const present = new Set(snapshot.map(entryId));
    const missing = lost.filter((h) => !present.has(entryId(h.entry)));
    await this.putBack(missing);
    await this.store.setInFlight(null);
    return missing.length > 0 ? this.readQueue() : snapshot;
  }

  /**
   * The rows whose last queued mutation just settled. A push this worker did not see (another
   * worker version sharing the queue) would make the counts wrong: one cheap count of the queue
   * tells, and only then is the queue read again.
   */
  async noneLeft<T extends { tag: string }>(acks: T[]): Promise<T[]> {
    if (acks.length === 0) return acks;
    if ((await this.queue.size()) + this.held.length === this.ledger.total) return acks;
    await this.readQueue();
    return acks.filter((ack) => this.ledger.count(ack.tag) === 0);
  }

  /** What still waits to be sent, the entries being sent included (for the page's counter). */
  async size(): Promise<number> {
    return (await this.queue.size()) + this.held.length;
  }
}

/**
 * The screens' table reads as the device's data layer schedules them (one per DeviceStore):
 * which screens are mounted, which have not shown anything yet, and whether bulk work (a pull of
 * many pages, a CSV import, the deferred pages' writes) holds their re-reads back. The hook that
 * reads is use-table-snapshot.ts; the writers (sync-engine.ts, synced-repo.ts) call these.
 */
/** What bulk writers need of the screens: hold their re-reads, let their first reads finish. */
export type ReadHolds = {
  hold<T>(work: () => Promise<T>): Promise<T>;
  firstReadsSettled(): Promise<void>;
};

/** Where no screen reads (a worker, a test): nothing to hold or wait for. */
export const NO_SCREENS: ReadHolds = {
  hold: (work) => work(),
  firstReadsSettled: async () => {},
};

export class ScreenReads implements ReadHolds {
  private held = 0;
  private readonly readers = new Set<() => Promise<void>>();
  private readonly firstReads = new Set<Promise<void>>();

  /** True while bulk work runs: scheduled re-reads wait for its end. */
  get isHeld(): boolean {
    return this.held > 0;
  }

  /**
   * Runs a bulk write (a CSV import) without refreshing the screens in between: each refresh
   * would read the growing table while the write waits behind it. They refresh once at the end.
   */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    this.held++;
    try {
      return await work();
    } finally {
      this.held--;
      // The bulk work is over: the screens show its result now, without the usual gap.
      if (this.held === 0) for (const readNow of this.readers) void readNow();
    }
  }

  /**
   * Every mounted screen reads now (no gap, even while held); resolves once they have read. A
   * pull calls it after its first page, before the next page's write: IndexedDB runs a read
   * queued after a write on the same table only when that write ends, so the first products
   * would otherwise wait for the next 5,000 rows to be written.
   */
  async readNow(): Promise<void> {
    await Promise.all([...this.readers].map((read) => read()));
  }

  /**
   * Resolves when no screen is reading its table for the first time. A screen reads a big table
   * in slices, each its own IndexedDB transaction; a write queued meanwhile would hold every later
   * slice (and the screen's first paint) until it ends, so a pull lets a screen that has shown
   * nothing yet finish its read before it writes a page. Later refreshes do not hold the pull.
   */
  async firstReadsSettled(): Promise<void> {
    while (this.firstReads.size > 0) await Promise.all(this.firstReads);
  }

  /** A mounted screen: `readNow` reads its table at once. Returns its unmount. */
  mount(readNow: () => Promise<void>): () => void {
    this.readers.add(readNow);
    return () => this.readers.delete(readNow);
  }

  /** A screen's first read, which bulk writes let finish first. */
  firstRead(read: Promise<void>): void {
    this.firstReads.add(read);
    const done = () => {
      this.firstReads.delete(read);
    };
    read.then(done, done);
  }
}

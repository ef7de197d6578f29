/**
 * Background row writes give way to the owner's typing. On a phone with few cores the pull
 * worker's IndexedDB writes (the deferred pages, deferred-pages.ts) and the page's keystrokes
 * share the CPU: a write running while the owner types made the products search miss a frame
 * (bench/search.ts). The page tells the worker of its input (pull-protocol.ts); the worker writes
 * its next rows once input has been quiet for `quietMs`, and never waits longer than `maxWaitMs`
 * in a row, so a long typing session still lets the catalogue settle.
 */
export class InputQuiet {
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly quietMs = 400,
    private readonly maxWaitMs = 3000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The owner typed or touched the screen now. */
  noteInput(): void {
    this.last = this.now();
  }

  /** Resolves once input has been quiet for `quietMs`, or after `maxWaitMs` at most. */
  async settled(): Promise<void> {
    const start = this.now();
    for (;;) {
      const now = this.now();
      const wait = Math.min(this.last + this.quietMs, start + this.maxWaitMs) - now;
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * The page's side of the pull worker (pull.worker.ts): a PullRunner the DeviceStore pulls
 * through, one worker for the page's life. The screens are here, so it holds and releases their
 * reads as the worker reports (as ScreenRefresh does for a pull run on the page). Where workers
 * are missing, or the worker fails to start, the pull runs on the page.
 */
import type { DeviceStore, PullRunner } from '~/db/device-store';
import { type PullResult, ScreenRefresh } from '~/db/sync-engine';
import { UnauthorizedError } from '~/lib/api';

export type PullWorkerRequest = { type: 'pull'; token: string } | { type: 'warm' };
export type PullWorkerReply =
  /** A page is written (not the last). */
  | { type: 'page' }
  /** The pull ended: the catalogue is on the phone; deferred pages are being written. */
  | { type: 'pulled'; result: PullResult }
  /** `status`: the HTTP status when the server answered (401: the session is over). */
  | { type: 'failed'; message: string; status?: number }
  /** The deferred pages are written row by row (what the screens show did not change). */
  | { type: 'settled' };

type Run = {
  store: DeviceStore;
  resolve: (result: PullResult) => void;
  reject: (error: Error) => void;
  screens: ScreenRefresh;
};

export class PullWorker implements PullRunner {
  private worker: Worker | null = null;
  private current: Run | null = null;
  private releaseSettling: (() => void) | null = null;

  /**
   * Starts the worker and opens its database ahead of the first pull: on a phone, loading and
   * compiling the worker takes longer than the sign-in it can overlap (the login screen calls it).
   */
  warm(): void {
    if (this.worker) return;
    this.worker = this.start();
    this.worker?.postMessage({ type: 'warm' } satisfies PullWorkerRequest);
  }

  /** One pull off the main thread (the store lets one run at a time). */
  run(store: DeviceStore): Promise<PullResult> {
    const token = store.transport.token();
    this.worker ??= this.start();
    const target = this.worker;
    if (!target || !token) return store.pullHere();
    return new Promise<PullResult>((resolve, reject) => {
      this.current = { store, resolve, reject, screens: new ScreenRefresh(store.screens) };
      target.postMessage({ type: 'pull', token } satisfies PullWorkerRequest);
    });
  }

  private onReply(reply: PullWorkerReply): void {
    if (reply.type === 'settled') {
      this.stopSettling();
      return;
    }
    const run = this.current;
    if (!run) return;
    if (reply.type === 'page') {
      void run.screens.afterPage();
      return;
    }
    this.current = null;
    run.screens.done();
    if (reply.type === 'failed') {
      // Rebuilt as the page's own pull would throw it, so DeviceStore.pullNow sees a 401.
      run.reject(
        reply.status === 401 ? new UnauthorizedError(401, reply.message) : new Error(reply.message),
      );
      return;
    }
    run.resolve(reply.result);
    // The deferred pages' row-by-row writes change nothing the screens show: their re-reads wait
    // for the end (a local edit still shows at once); they read the whole catalogue now.
    if (!this.releaseSettling) {
      void run.store.screens.hold(
        () =>
          new Promise<void>((resolve) => {
            this.releaseSettling = resolve;
          }),
      );
    }
    void run.store.screens.readNow();
  }

  private stopSettling(): void {
    this.releaseSettling?.();
    this.releaseSettling = null;
  }

  private start(): Worker | null {
    if (typeof Worker === 'undefined') return null;
    try {
      const started = new Worker(new URL('./pull.worker.ts', import.meta.url), { type: 'module' });
      started.onmessage = (event: MessageEvent<PullWorkerReply>) => this.onReply(event.data);
      started.onerror = (event) => {
        // The worker could not start or crashed: this pull and the next ones run on the page.
        event.preventDefault();
        started.terminate();
        this.worker = null;
        this.stopSettling();
        const run = this.current;
        this.current = null;
        run?.screens.done();
        if (run) run.store.pullHere().then(run.resolve, run.reject);
      };
      return started;
    } catch (error) {
      // No module workers here (an old browser, a strict CSP): the pulls run on the page.
      console.warn(error);
      return null;
    }
  }
}

/** The store pulls through the pull worker (once: later calls keep the first). */
export function pullThroughWorker(store: DeviceStore): void {
  if (!store.hasPullRunner) store.runPullsWith(new PullWorker());
}

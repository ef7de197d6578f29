/**
 * The page's side of the pull worker (pull.worker.ts): one worker for the page's life, one pull
 * at a time (calls during a pull share it). The screens are here, so the page holds and releases
 * their reads as the worker reports (as ScreenRefresh does for a pull run on the page). Where
 * workers are missing, or the worker fails to start, the pull runs here.
 */
import { type PullResult, pull, ScreenRefresh } from '~/db/sync-engine';
import { holdSnapshots, readSnapshotsNow } from '~/db/use-table-snapshot';

export type PullWorkerRequest = { type: 'pull'; token: string } | { type: 'warm' };
export type PullWorkerReply =
  /** A page is written (not the last). */
  | { type: 'page' }
  /** The pull ended: the catalogue is on the phone; deferred pages are being written. */
  | { type: 'pulled'; result: PullResult }
  | { type: 'failed'; message: string }
  /** The deferred pages are written row by row (what the screens show did not change). */
  | { type: 'settled' };

type Run = {
  resolve: (result: PullResult) => void;
  reject: (error: Error) => void;
  screens: ScreenRefresh;
};

let worker: Worker | null = null;
let current: Run | null = null;
let running: Promise<PullResult> | null = null;
let releaseSettling: (() => void) | null = null;

function onReply(reply: PullWorkerReply): void {
  if (reply.type === 'settled') {
    releaseSettling?.();
    releaseSettling = null;
    return;
  }
  const run = current;
  if (!run) return;
  if (reply.type === 'page') {
    void run.screens.afterPage();
    return;
  }
  current = null;
  run.screens.done();
  if (reply.type === 'failed') {
    run.reject(new Error(reply.message));
    return;
  }
  run.resolve(reply.result);
  // The deferred pages' row-by-row writes change nothing the screens show: their re-reads wait
  // for the end (a local edit still shows at once); they read the whole catalogue now.
  if (!releaseSettling) {
    void holdSnapshots(
      () =>
        new Promise<void>((resolve) => {
          releaseSettling = resolve;
        }),
    );
  }
  void readSnapshotsNow();
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const started = new Worker(new URL('./pull.worker.ts', import.meta.url), { type: 'module' });
    started.onmessage = (event: MessageEvent<PullWorkerReply>) => onReply(event.data);
    started.onerror = (event) => {
      // The worker could not start or crashed: this pull and the next ones run on the page.
      event.preventDefault();
      started.terminate();
      worker = null;
      releaseSettling?.();
      releaseSettling = null;
      const run = current;
      current = null;
      run?.screens.done();
      if (run) pull().then(run.resolve, run.reject);
    };
    return started;
  } catch {
    return null;
  }
}

/**
 * Starts the worker and opens its database ahead of the first pull: on a phone, loading and
 * compiling the worker takes longer than the sign-in it can overlap (the login screen calls it).
 */
export function warmPull(): void {
  if (worker) return;
  worker = startWorker();
  worker?.postMessage({ type: 'warm' } satisfies PullWorkerRequest);
}

/** Pulls every change since the device's cursor, off the main thread when it can. */
export function pullOffPage(token: string): Promise<PullResult> {
  if (running) return running;
  worker ??= startWorker();
  const target = worker;
  if (!target) return pull();
  const run = new Promise<PullResult>((resolve, reject) => {
    current = { resolve, reject, screens: new ScreenRefresh() };
    target.postMessage({ type: 'pull', token } satisfies PullWorkerRequest);
  }).finally(() => {
    running = null;
  });
  running = run;
  return run;
}

/**
 * The page's side of the pull worker (pull.worker.ts): one worker for the page's life, one pull
 * at a time (calls during a pull share it). Where workers are missing, the pull runs here.
 */
import { type PullResult, pull } from '~/db/sync-engine';

export type PullWorkerRequest = { type: 'pull'; token: string } | { type: 'warm' };
export type PullWorkerReply =
  | { type: 'pulled'; result: PullResult }
  | { type: 'failed'; message: string };

let worker: Worker | null = null;
let running: Promise<PullResult> | null = null;

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./pull.worker.ts', import.meta.url), { type: 'module' });
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
  const current = worker;
  if (!current) return pull();
  const run = new Promise<PullResult>((resolve, reject) => {
    current.onmessage = (event: MessageEvent<PullWorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'pulled') resolve(reply.result);
      else reject(new Error(reply.message));
    };
    current.onerror = (event) => {
      // The worker could not start or crashed: this pull and the next run on the page.
      event.preventDefault();
      current.terminate();
      worker = null;
      pull().then(resolve, reject);
    };
    current.postMessage({ type: 'pull', token } satisfies PullWorkerRequest);
  }).finally(() => {
    running = null;
  });
  running = run;
  return run;
}

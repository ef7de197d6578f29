/**
 * The per-store sender: one message at a time, a random pause between two, an hourly cap and a
 * daily send window in the store's time zone. It runs while it holds the store's lease and
 * answers when it should run again; the job system turns that into a delayed job. The loop's
 * steps are in sender-loop.ts.
 */
import { errorSummary, logger } from '../../logger';
import { recoverStaleClaims } from './deliver';
import { acquireLease, leaseUntil, releaseLease } from './lease';
import { hasDisconnectedPause, resumeReconnected } from './pause';
import { reconcileUnconfirmed } from './reconcile';
import type { SenderDeps } from './sender-deps';
import { type RunOptions, type SenderResult, sendWhileLeased } from './sender-loop';

export type { SenderDeps, SenderResult };

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export async function runStoreSender(
  deps: SenderDeps,
  storeId: string,
  options: RunOptions = {},
): Promise<SenderResult> {
  const { db, settings } = deps;
  const lease = await acquireLease(db, storeId, deps.now(), settings.leaseMs);
  if (!lease) {
    const until = await leaseUntil(db, storeId);
    return {
      kind: 'busy',
      at: until ?? new Date(deps.now().getTime() + settings.leaseMs),
      sent: 0,
    };
  }
  try {
    await recoverStaleClaims(db, storeId, lease.token);
    // Messages whose sending nobody could confirm: asked about at the gateway, never re-sent.
    await reconcileUnconfirmed(deps, storeId, { signal: options.signal });
    if (await hasDisconnectedPause(db, storeId)) {
      // A gateway that cannot answer now leaves the pause as it is: the next run asks again.
      const state = await deps.gateway.state({ id: storeId }).catch(() => 'disconnected');
      if (state === 'connected') await resumeReconnected(db, storeId, deps.now());
    }
    return await sendWhileLeased(deps, lease, options, deps.sleep ?? defaultSleep);
  } finally {
    await releaseLease(db, lease).catch((error) =>
      logger.warn('campaign lease not released', { storeId, error: errorSummary(error) }),
    );
  }
}

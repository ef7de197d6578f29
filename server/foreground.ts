/**
 * Bulk work gives way to people. A CSV import writes its rows in chunks (each its own
 * transaction); between two chunks it waits until no interactive request has been in flight in
 * this process for a short grace time (or at most MAX_WAIT_MS), so every other request runs its
 * few queries back to back and gets its answer written, instead of each step queueing behind the
 * next chunk. This matters most on PGlite: its one connection serves everyone, and its queries run
 * on the event loop, so a running chunk also holds up reading requests and writing answers.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/** The longest a chunk waits for others: a steady stream of requests slows an import, never stops it. */
export const MAX_WAIT_MS = 500;
/** Quiet time after the last request ended: its answer is written, the next one may arrive. */
const GRACE_MS = 15;

/** Requests that carry bulk work themselves: counting them would make an import wait for itself. */
const BULK_PATHS = new Set([
  '/api/products/import-csv',
  '/api/customers/import',
  '/api/sync/replay',
]);

let inFlight = 0;
let lastActivity = 0;
let idle: Array<() => void> = [];

function release() {
  inFlight -= 1;
  lastActivity = performance.now();
  if (inFlight > 0) return;
  const waiting = idle;
  idle = [];
  for (const wake of waiting) wake();
}

/** Counts the /api requests in flight that are not bulk work. */
export function trackForeground(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (BULK_PATHS.has(c.req.path)) return next();
    inFlight += 1;
    lastActivity = performance.now();
    try {
      await next();
    } finally {
      release();
    }
  };
}

const nextCheckPhase = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function untilIdle(ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      idle = idle.filter((w) => w !== done);
      resolve();
    }
    idle.push(done);
  });
}

/**
 * Resolves once no interactive request is in flight and none ended in the last GRACE_MS, or after
 * `maxWaitMs`. It first lets the event loop poll (two setImmediate hops), so a request whose bytes
 * arrived while the last chunk ran is read and counted before the next chunk starts.
 */
export async function yieldToForeground(maxWaitMs = MAX_WAIT_MS): Promise<void> {
  const deadline = performance.now() + maxWaitMs;
  await nextCheckPhase();
  await nextCheckPhase();
  for (;;) {
    const now = performance.now();
    if (now >= deadline) return;
    if (inFlight > 0) {
      await untilIdle(deadline - now);
      continue;
    }
    const quietFor = now - lastActivity;
    if (quietFor >= GRACE_MS) return;
    await sleep(Math.min(GRACE_MS - quietFor, deadline - now));
    await nextCheckPhase();
  }
}

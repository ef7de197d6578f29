/**
 * The randomized, replayable chaos test of the offline sync (issue 23): three devices of one
 * store, the real device code and the real API, random operations and faults, the guarantees of
 * decision 003 checked after every step and after quiescing (tests/api/chaos-model.ts).
 *
 * `npm test` runs a short run; `npm run test:chaos -- --runs 5000` a long one; a failure prints
 * its seed and shrunk sequence, and `SEED=<seed> npm run test:chaos` replays it.
 */

import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunStats } from './chaos-checks';
import { conversationStats } from './chaos-conversations';
import { Server } from './chaos-harness';
import { runScenario } from './chaos-model';
import { scenarioArb } from './chaos-ops';
import { orderStats } from './chaos-orders';
import { paymentStats } from './chaos-payments';

/**
 * `npm test` plays 20 sequences of a fixed seed (each database ~70 s on the CI host, against
 * ~170 s for 50: the suite's longest file); the coverage is the long runs of
 * `npm run test:chaos -- --runs 5000`, recorded in docs/benchmarks.md.
 */
const runs = Number(process.env.CHAOS_RUNS ?? 20);
const maxOps = Number(process.env.CHAOS_MAX_OPS ?? 40);
/**
 * `npm test` runs a fixed seed (the same sequences every time: a failure there is a regression,
 * never luck); `npm run test:chaos` draws a new seed each run (CHAOS_RANDOM=1), SEED replays one.
 */
const FIXED_SEED = 20261125;
const seed =
  process.env.SEED !== undefined
    ? Number(process.env.SEED)
    : process.env.CHAOS_RANDOM === '1'
      ? undefined
      : FIXED_SEED;
const path = process.env.CHAOS_PATH;
const progress = process.env.CHAOS_PROGRESS;

let server: Server;
beforeAll(async () => {
  server = await Server.open();
});
afterAll(() => server?.close());

describe('offline sync under chaos', () => {
  it(
    `keeps every guarantee over ${runs} random sequences (seed ${seed ?? 'drawn'})`,
    async () => {
      const totals: RunStats = {
        ops: 0,
        skipped: 0,
        refusals: 0,
        kills: 0,
        restarts: 0,
        faults: 0,
        erasures: 0,
        erasedRefusals: 0,
      };
      const started = Date.now();
      let sequences = 0;
      await fc.assert(
        fc.asyncProperty(scenarioArb(maxOps), async (scenario) => {
          const stats = await runScenario(server, scenario);
          sequences++;
          // A long run's progress, readable while it runs (CHAOS_PROGRESS=<file>).
          if (progress && sequences % 50 === 0) {
            appendFileSync(
              progress,
              `${sequences} sequences, ${((Date.now() - started) / 1000).toFixed(0)} s, ${JSON.stringify(totals)}\n`,
            );
          }
          for (const k of Object.keys(totals) as (keyof RunStats)[]) totals[k] += stats[k];
        }),
        {
          numRuns: runs,
          ...(seed === undefined ? {} : { seed }),
          ...(path === undefined ? {} : { path }),
          endOnFailure: process.env.CHAOS_NO_SHRINK === '1',
          reporter: (details) => {
            if (!details.failed) return;
            const cause = details.errorInstance;
            const message = `${fc.defaultReportMessage(details)}\n\nBroken: ${
              cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)
            }`;
            throw new Error(
              `${message}\n\nReplay: SEED=${details.seed}${
                details.counterexamplePath ? ` CHAOS_PATH=${details.counterexamplePath}` : ''
              } npm run test:chaos`,
            );
          },
        },
      );
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `chaos: ${sequences} sequences (${server.kind ?? ''}) in ${seconds} s: ${JSON.stringify(totals)}, ${server.restarts} server restarts, orders ${JSON.stringify(orderStats)}, payments ${JSON.stringify(paymentStats)}, conversations ${JSON.stringify(conversationStats)}`,
      );
    },
    Number(process.env.CHAOS_TIMEOUT_MS ?? 600_000),
  );

  // The random runs rarely line an erase up with an offline edit (an erase needs a synced
  // customer): the issue 40 case, played once on purpose with the same model and checks.
  it('an erase while another phone edits the customer offline: refused with its message, never back', async () => {
    const stats = await runScenario(server, {
      maxBatch: 50,
      offline: [false, false, false],
      ops: [
        { t: 'saveCustomer', d: 0, slot: 0, name: 0 },
        { t: 'sync', d: 0 },
        { t: 'sync', d: 1 },
        { t: 'online', d: 1, on: false },
        { t: 'saveCustomer', d: 1, slot: 0, name: 1 },
        { t: 'eraseCustomer', slot: 0 },
        { t: 'sync', d: 0 },
        { t: 'online', d: 1, on: true },
        { t: 'sync', d: 1 },
      ],
    });
    expect(stats.erasures).toBe(1);
    expect(stats.erasedRefusals).toBe(1);
  });
  /** Two products synced by phone 0, then two storefront orders (1 of the first, 2 of the second). */
  const TWO_ORDERS: Parameters<typeof runScenario>[1]['ops'] = [
    { t: 'online', d: 0, on: true },
    { t: 'saveProduct', d: 0, slot: 0, name: 0, price: 10, active: true },
    { t: 'saveProduct', d: 0, slot: 1, name: 1, price: 25, active: true },
    { t: 'sync', d: 0 },
    { t: 'placeOrder', lines: [{ slot: 0, quantity: 1 }] },
    { t: 'placeOrder', lines: [{ slot: 1, quantity: 2 }] },
  ];
  // Found by the first 5,000-sequence run (seed 639985410): a phone's stale change refused (409),
  // then that phone's next change of the order taken, which clears the refusal it showed.
  it('two phones race one order: the stale change is refused and shown, the later one taken', async () => {
    const stale = orderStats.stale;
    await runScenario(server, {
      maxBatch: 2,
      offline: [false, false, false],
      ops: [
        ...TWO_ORDERS,
        { t: 'orderRace', a: 1, b: 0, order: 1, pickA: 0, pickB: 1 },
        { t: 'orderStatus', d: 0, order: 1, pick: 0 },
        { t: 'kill', d: 0 },
      ],
    });
    expect(orderStats.stale - stale).toBe(1);
  });
  // Found by the fourth long run (PGlite, seed 582378413): the oracle took a photo's DELETE
  // (`/api/products/:id/photos/:photoId`) for the product's own and then expected a confirmation
  // short of stock to be taken. Played on purpose: the product, tracked at 0, keeps its stock
  // check after a photo comes and goes, and the confirmation of 2 is refused by name.
  it('a photo removed from a product short of stock: its confirmation is still refused', async () => {
    const short = orderStats.short;
    await runScenario(server, {
      maxBatch: 2,
      offline: [false, false, false],
      ops: [
        ...TWO_ORDERS,
        { t: 'track', slot: 1, stock: 0 },
        { t: 'addPhoto', d: 0, slot: 1, img: 0 },
        { t: 'removePhoto', d: 0, slot: 1, nth: 0 },
        { t: 'orderRace', a: 0, b: 0, order: 1, pickA: 0, pickB: 0 },
      ],
    });
    expect(orderStats.short - short).toBe(2);
  });
  // Issue 37's conversation case, played on purpose: a customer writes, both phones pull the chat
  // and go offline, both answer; one is back within the hour (its reply sent once, though its
  // first answer is lost), the other after it (its reply held, then sent by the owner); each
  // opens the thread offline, and the read mark converges on the server and both phones.
  it('two phones answer a chat offline: the young reply sent once, the old one held, read state converged', async () => {
    const before = { ...conversationStats };
    await runScenario(server, {
      maxBatch: 50,
      offline: [false, false, false],
      ops: [
        { t: 'customerWrites', chat: 0 },
        { t: 'sync', d: 0 },
        { t: 'sync', d: 1 },
        { t: 'customerWrites', chat: 0 },
        { t: 'online', d: 0, on: false },
        { t: 'online', d: 1, on: false },
        { t: 'phoneReplies', d: 0, chat: 0 },
        { t: 'phoneReplies', d: 1, chat: 0 },
        { t: 'openThread', d: 1, chat: 0 },
        { t: 'later', minutes: 35 },
        { t: 'online', d: 0, on: true },
        { t: 'fault', d: 0, fault: 'lose', at: 1 },
        { t: 'replyPass', d: 0 },
        { t: 'replyPass', d: 0 },
        { t: 'customerWrites', chat: 0 },
        { t: 'later', minutes: 35 },
        { t: 'online', d: 1, on: true },
        { t: 'replyPass', d: 1 },
        { t: 'sync', d: 1 },
        { t: 'sync', d: 0 },
        { t: 'decideHeld', d: 1, discard: false },
      ],
    });
    expect(conversationStats.sent - before.sent).toBe(2);
    expect(conversationStats.held - before.held).toBeGreaterThan(0);
    expect(conversationStats.forced - before.forced).toBe(1);
    expect(conversationStats.reads - before.reads).toBe(1);
  });
});

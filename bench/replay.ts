/**
 * Budget: 1,000 mutations queued offline are replayed after reconnect in ≤ 10 s, 0 lost, 0 duplicated.
 * Per run (fresh owner and store): sign in at 390×844, wait for the worker, go offline, send the
 * 1,000 mutations of bench/replay-plan.ts from the page with the app's headers (Idempotency-Key,
 * X-Tali-Entity) so the worker queues each one (202 {queued:true}), go online (the app's 'online'
 * handler asks the worker to replay), time reconnect → the worker announces the queue empty, then
 * compare the server's rows with the plan. Then the server's share alone: the same 1,000 sent from
 * Node one at a time, and in batches as the worker sends them (POST /api/sync/replay).
 * Run: npx vite build && npx tsx bench/replay.ts (RUNS=5 by default; STATIC_DIR=<dir> serves
 * another build).
 */
import { randomUUID } from 'node:crypto';
import { MAX_REPLAY_BATCH, REPLAY_BATCH_PATH } from '../src/domain/sync/protocol';
import { launchBrowser } from '../tests/e2e/browser';
import {
  api,
  createOwnerWithStore,
  deviceRows,
  queueSize,
  sendFromPage,
} from '../tests/e2e/offline-helpers';
import { startServer } from '../tests/e2e/server';
import { hostSpeedLine, throttle } from './cpu-throttle';
import { loadLine, median, percentile, runsFromEnv, signedInPhone } from './offline-kit';
import { buildPlan, type Verdict, verify } from './replay-plan';

const BUDGET_MS = 10_000;
/** Past the budget the run still waits this long, so a slow replay is measured, not cut short. */
const GIVE_UP_MS = 180_000;
const RUNS = runsFromEnv(5);

type SyncEvent = { type: string; size: number; at: number };
type RunResult = Verdict & {
  replayMs: number | null;
  enqueueMs: number;
  deadLetters: number;
  /** ms taken by each successive 100 replayed mutations: rising slices mean work grows with the queue. */
  slices: number[];
};

/** Times of the 100th, 200th… 'replayed' announcement, as gaps from reconnect. */
function sliceTimes(log: SyncEvent[], since: number): number[] {
  const replayed = log.filter((m) => m.type === 'replayed' && m.at >= since).map((m) => m.at);
  const slices: number[] = [];
  let last = since;
  for (let i = 99; i < replayed.length; i += 100) {
    slices.push((replayed[i] as number) - last);
    last = replayed[i] as number;
  }
  return slices;
}

const server = await startServer(
  process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {},
);
const browser = await launchBrowser();

async function oneRun(run: number): Promise<RunResult> {
  const { owner, context, page } = await signedInPhone(browser, server.baseUrl, `Replay ${run}`);
  await throttle(context);
  try {
    const plan = buildPlan();
    await context.setOffline(true);
    const enqueueStart = Date.now();
    const answers = await sendFromPage(page, plan.mutations);
    const enqueueMs = Date.now() - enqueueStart;
    const notQueued = answers.filter((a) => a.status !== 202 || a.body !== '{"queued":true}');
    if (notQueued.length > 0) {
      throw new Error(
        `${notQueued.length} mutations not queued, e.g. ${JSON.stringify(notQueued[0])}`,
      );
    }
    const waiting = await queueSize(page);
    if (waiting !== plan.mutations.length) throw new Error(`queue holds ${waiting}, expected 1000`);

    const reconnectAt = Date.now();
    await context.setOffline(false);
    // The worker announces every outcome; the last 'replayed' with size 0 is the queue emptied.
    const emptied = await page
      .waitForFunction(
        (since) =>
          ((window as { benchSync?: SyncEvent[] }).benchSync ?? []).find(
            (m) =>
              m.at >= since && m.size === 0 && (m.type === 'replayed' || m.type === 'replay-done'),
          ) ?? false,
        reconnectAt,
        { polling: 20, timeout: GIVE_UP_MS },
      )
      .then((handle) => handle.jsonValue() as Promise<SyncEvent>)
      .catch(() => null);
    const replayMs = emptied ? emptied.at - reconnectAt : null;
    if (!emptied)
      console.error(
        `run ${run}: queue still holds ${await queueSize(page)} after ${GIVE_UP_MS} ms`,
      );

    const products = await api<{ id: string; name: string; price: string; active: boolean }[]>(
      server.baseUrl,
      'GET',
      '/api/products',
      owner.token,
    );
    const customers = await api<{ id: string; name: string; phone: string }[]>(
      server.baseUrl,
      'GET',
      '/api/customers',
      owner.token,
    );
    const verdict = verify(plan, products.body, customers.body);
    const deadLetters = (await deviceRows(page, 'deadLetters')).length;
    const log = await page.evaluate(() => (window as { benchSync?: SyncEvent[] }).benchSync ?? []);
    return { ...verdict, replayMs, enqueueMs, deadLetters, slices: sliceTimes(log, reconnectAt) };
  } finally {
    await context.close();
  }
}

/** The same 1,000 mutations sent straight from Node, one at a time: the server's share alone. */
async function serverAlone(): Promise<number> {
  const owner = await createOwnerWithStore(server.baseUrl, 'Replay direto');
  const plan = buildPlan();
  const start = Date.now();
  for (const m of plan.mutations) {
    const res = await fetch(`${server.baseUrl}${m.url}`, {
      method: m.method,
      headers: {
        Authorization: `Bearer ${owner.token}`,
        'Idempotency-Key': randomUUID(),
        ...(m.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: m.body === undefined ? undefined : JSON.stringify(m.body),
    });
    if (!res.ok) throw new Error(`${m.method} ${m.url}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  return Date.now() - start;
}

/** The same 1,000 mutations from Node in batches of 100 (what the worker sends): the server's share now. */
async function serverBatched(): Promise<number> {
  const owner = await createOwnerWithStore(server.baseUrl, 'Replay em lotes');
  const plan = buildPlan();
  const start = Date.now();
  for (let i = 0; i < plan.mutations.length; i += MAX_REPLAY_BATCH) {
    const mutations = plan.mutations.slice(i, i + MAX_REPLAY_BATCH).map((m) => ({
      method: m.method,
      path: m.url,
      idempotencyKey: randomUUID(),
      body: m.body === undefined ? null : JSON.stringify(m.body),
    }));
    const res = await fetch(`${server.baseUrl}${REPLAY_BATCH_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ mutations }),
    });
    const body = (await res.json()) as { results?: { status: number }[] };
    const refused = body.results?.filter((r) => r.status >= 300) ?? [];
    if (!res.ok || refused.length > 0)
      throw new Error(`batch: ${res.status} ${JSON.stringify(body)}`);
  }
  return Date.now() - start;
}

const results: RunResult[] = [];
try {
  console.log(`replay of 1,000 queued mutations, ${RUNS} runs; ${loadLine()}`);
  console.log(await hostSpeedLine(browser));
  for (let run = 1; run <= RUNS; run++) {
    const r = await oneRun(run);
    results.push(r);
    const time = r.replayMs === null ? `> ${GIVE_UP_MS} ms` : `${r.replayMs} ms`;
    console.log(
      `run ${run}: replay ${time} (${r.replayMs === null ? '?' : (r.replayMs / 1000).toFixed(2)} ms/mutation), ` +
        `enqueue ${r.enqueueMs} ms; lost ${r.lost}, duplicated ${r.duplicated}, ` +
        `resurrected ${r.resurrected}, refused ${r.deadLetters}`,
    );
    console.log(`  ms per 100 replayed, in order: ${r.slices.join(', ')}`);
    for (const d of r.details) console.log(`  ${d}`);
  }
  const times = results.flatMap((r) => (r.replayMs === null ? [] : [r.replayMs]));
  if (times.length > 0) {
    const med = median(times);
    console.log(
      `replay time: median ${med} ms (${(med / 1000).toFixed(2)} ms/mutation), p95 ${percentile(times, 95)} ms; ` +
        `budget ${BUDGET_MS} ms; ${loadLine()}`,
    );
  }
  const direct = await serverAlone();
  console.log(
    `same 1,000 mutations sent from Node straight to the API, one at a time: ${direct} ms; ${loadLine()}`,
  );
  const batched = await serverBatched();
  console.log(
    `same 1,000 mutations sent from Node in batches of ${MAX_REPLAY_BATCH}: ${batched} ms; ${loadLine()}`,
  );
  const bad = results.filter(
    (r) =>
      r.replayMs === null ||
      r.replayMs > BUDGET_MS ||
      r.lost + r.duplicated + r.resurrected + r.deadLetters > 0,
  );
  if (bad.length > 0) {
    console.error(`${bad.length} of ${results.length} runs over budget or not exact`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await server.stop();
}

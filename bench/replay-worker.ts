/**
 * The worker's share of a replay, alone: 1,000 queued catalogue mutations (the plan of
 * bench/replay-plan.ts) replayed by sw/replay.ts in Node, against fake-indexeddb (the device
 * database and the in-flight copy), an in-memory Workbox-like queue and a server that answers at
 * once. No browser, no network, no server work: what is timed is the replay code's own cost
 * (batch formation, the in-flight copy, settling, pending flags), which the browser bench
 * (bench/replay.ts) cannot separate from the machine's load.
 * Run: npx tsx bench/replay-worker.ts   (RUNS=10; COMPARE_DIR=<another checkout> alternates its
 * sw/replay.ts with this one's, run by run, in the same process).
 */
import 'fake-indexeddb/auto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadLine, median, percentile, runsFromEnv } from './offline-kit';
import { buildPlan } from './replay-plan';

type Replayer = { replay(): Promise<string> };
type Build = {
  name: string;
  createReplayer(deps: object): Replayer;
  createReplayStore(db: unknown, newId: () => string): unknown;
  TaliDb: new (
    name: string,
  ) => {
    meta: { bulkPut(rows: object[]): Promise<unknown> };
    delete(): Promise<void>;
  };
  MemoryQueue: new () => { pushRequest(entry: object): Promise<void>; size(): Promise<number> };
  batchAware(handle: (r: Request) => Promise<Response>): (r: Request) => Promise<Response>;
};

async function load(name: string, dir: string): Promise<Build> {
  const url = (file: string) => pathToFileURL(path.join(dir, file)).href;
  const replay = await import(url('sw/replay.ts'));
  const store = await import(url('sw/replay-store.ts'));
  const db = await import(url('src/db/db.ts'));
  const helpers = await import(url('sw/test-helpers.ts'));
  return {
    name,
    createReplayer: replay.createReplayer,
    createReplayStore: store.createReplayStore,
    TaliDb: db.TaliDb,
    MemoryQueue: helpers.MemoryQueue,
    batchAware: helpers.batchAware,
  };
}

const RUNS = runsFromEnv(10);
const here = path.resolve(import.meta.dirname, '..');
const builds = [await load('this checkout', here)];
if (process.env.COMPARE_DIR) builds.unshift(await load('COMPARE_DIR', process.env.COMPARE_DIR));

/** One replay of the 1,000 mutations; returns ms from replay() to the queue drained. */
async function oneRun(build: Build): Promise<number> {
  const db = new build.TaliDb(`bench-${crypto.randomUUID()}`);
  await db.meta.bulkPut([
    { key: 'token', value: 't' },
    { key: 'userId', value: 'u1' },
  ]);
  const queue = new build.MemoryQueue();
  for (const m of buildPlan().mutations) {
    const headers: Record<string, string> = { 'Idempotency-Key': crypto.randomUUID() };
    if (m.entity) headers['X-Tali-Entity'] = m.entity;
    if (m.body !== undefined) headers['Content-Type'] = 'application/json';
    const request = new Request(`https://tali.test${m.url}`, {
      method: m.method,
      headers,
      body: m.body === undefined ? undefined : JSON.stringify(m.body),
    });
    const metadata = {
      entity: m.entity,
      userId: 'u1',
      queuedAt: Date.now(),
      qid: crypto.randomUUID(),
    };
    await queue.pushRequest({ request, metadata });
  }
  const ok = new Response(null, { status: 204 });
  const replayer = build.createReplayer({
    queue,
    store: build.createReplayStore(db, () => crypto.randomUUID()),
    fetch: build.batchAware(async () => ok.clone()),
    announce: () => {},
  });
  const start = performance.now();
  const outcome = await replayer.replay();
  const ms = performance.now() - start;
  if (outcome !== 'done' || (await queue.size()) !== 0)
    throw new Error(`${build.name}: ${outcome}`);
  await db.delete();
  return ms;
}

console.log(`worker replay of 1,000 mutations in Node, ${RUNS} runs per build; ${loadLine()}`);
const times = new Map<string, number[]>(builds.map((b) => [b.name, []]));
await oneRun(builds[0] as Build); // warm-up (JIT, module init), not counted
for (let run = 0; run < RUNS; run++) {
  for (const build of builds) times.get(build.name)?.push(await oneRun(build));
}
for (const [name, list] of times) {
  console.log(
    `${name}: median ${median(list).toFixed(0)} ms, p95 ${percentile(list, 95).toFixed(0)} ms ` +
      `(${list.map((t) => t.toFixed(0)).join(', ')})`,
  );
}
console.log(loadLine());

/**
 * The chaos test's world (issue 23): one store, three devices running the real device code (Dexie
 * on fake-indexeddb, the worker's queue and replay, the pull) against the real API in process,
 * with faults injected on the wire. The model (what the server must hold) is built from what the
 * server committed, request by request; the invariants are in chaos-invariants.ts.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { openRuntime } from '../../server/runtime';
import { TaliDb } from '../../src/db/db';
import { DeviceStore } from '../../src/db/device-store';
import { NO_SCREENS } from '../../src/db/screen-reads';
import { type PullScreens, readCursor } from '../../src/db/sync-engine';
import type { DeviceContext, Transport } from '../../src/db/transport';
import {
  IDEMPOTENCY_HEADER,
  REPLAY_BATCH_PATH,
  type ReplayBatchItem,
} from '../../src/domain/sync/protocol';
import { isQueueable } from '../../sw/mutation-queue';
import type { Replayer, ReplayQueue } from '../../sw/replay';
import { MemoryQueue } from '../../sw/test-helpers';
import { type OfflineWorker, startWorker } from '../../sw/worker';
import { createOwner, type Owner } from './fixtures';
import { createTestApp, type TestApp, testEnv } from './test-app';

export const ORIGIN = 'https://tali.test';

/** One request the server answered, as the log of committed work sees it. */
export type Committed = {
  key: string | null;
  method: string;
  path: string;
  status: number;
  /** The request body (JSON text) or null. */
  body: string | null;
};

/** A fault armed on a device's wire, used by its next request to the server. */
export type Fault =
  /** The server commits, the answer never arrives (the device sees a network error). */
  | { kind: 'lose' }
  /** Only the first `at` mutations of a batch reach the server, then the connection drops. */
  | { kind: 'cut'; at: number }
  /** The server commits, and the device dies while waiting for the answer. */
  | { kind: 'kill' };

/** The server: the real app on one database, which a restart keeps. */
export class Server {
  app: TestApp['app'];
  /** Every mutation the server answered, in the order it ran them (batch items one by one). */
  log: Committed[] = [];
  restarts = 0;
  private constructor(
    private readonly t: TestApp,
    private runtime: { app: TestApp['app']; stop(): Promise<void> },
  ) {
    this.app = runtime.app;
  }

  static async open(): Promise<Server> {
    // Storefront orders name their own address (X-Forwarded-For): the per-address limit is not
    // what a long run meets.
    const t = await createTestApp({ env: testEnv({ TRUST_PROXY: 'true' }) });
    // Every runtime that serves is one a restart can stop (t.runtime's stop closes the database).
    return new Server(t, await Server.runtimeOn(t));
  }

  /** A runtime on the test app's database whose stop leaves that database open. */
  private static runtimeOn(t: TestApp) {
    const kept = { ...t.runtime.database, close: async () => {} };
    return openRuntime({ env: t.runtime.services.env, database: kept });
  }

  get db() {
    return this.t.db;
  }

  get kind() {
    return this.t.kind;
  }

  newOwner(): Promise<Owner> {
    return createOwner(this.t, 'Loja do Caos');
  }

  /**
   * A restart between two requests: the app and its process state (counters, caches, jobs) are
   * dropped and built again on the same database, as a new process would find it.
   */
  async restart(): Promise<void> {
    const old = this.runtime;
    const next = await Server.runtimeOn(this.t);
    // As a process's SIGTERM would: its jobs and kicked sends stop; the database stays open.
    await old.stop();
    this.runtime = next;
    this.app = next.app;
    this.restarts++;
  }

  async close(): Promise<void> {
    await this.runtime.stop();
    await this.t.close();
  }

  /** A request to the app, recorded in the log when it is a mutation. */
  async request(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? null : await request.clone().text();
    const res = await this.app.request(request);
    if (request.method === 'GET') return res;
    if (url.pathname === REPLAY_BATCH_PATH) {
      if (res.status !== 200) return res;
      const parsed = (await res.clone().json()) as { results: { status: number }[] };
      const items = (JSON.parse(body ?? '{}') as { mutations: ReplayBatchItem[] }).mutations;
      items.forEach((m, i) => {
        this.log.push({
          key: m.idempotencyKey ?? null,
          method: m.method,
          path: m.path,
          status: parsed.results[i]?.status ?? 0,
          body: m.body,
        });
      });
      return res;
    }
    this.log.push({
      key: request.headers.get(IDEMPOTENCY_HEADER),
      method: request.method,
      path: url.pathname,
      status: res.status,
      body: body || null,
    });
    return res;
  }

  /** A read as the owner, outside any device (the checks' view of the truth). */
  async read(path: string, token: string): Promise<unknown> {
    const res = await this.app.request(`${ORIGIN}${path}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return res.json();
  }
}

const quietScreens: PullScreens = { afterPage: async () => {}, done: () => {}, reads: NO_SCREENS };

/** A hang: the answer of a killed device's request never comes. */
const never = new Promise<never>(() => {});

/**
 * One phone: its IndexedDB (a Dexie database of its own name, kept across a kill), its worker's
 * queue (MemoryQueue, like workbox's store it survives a kill), and what lives in memory (the
 * replayer, the page's state), dropped by a kill.
 */
export class Device {
  db: TaliDb;
  readonly queue = new MemoryQueue();
  online = true;
  fault: Fault | null = null;
  private worker!: OfflineWorker;
  /** Raised by a kill mid-request: whatever awaited that request must stop waiting. */
  private killed: Signal = signal();
  /** Replays started by the worker on its own (a mutation queued while the line was busy). */
  private background: Promise<unknown>[] = [];
  kills = 0;
  /** The page's data layer: memory, so a kill drops it (its database handle is the device's). */
  private store!: DeviceStore;
  private readonly transport: Transport;

  constructor(
    readonly name: string,
    private readonly server: Server,
    private readonly owner: Owner,
    private readonly maxBatch: number,
  ) {
    this.db = new TaliDb(name);
    this.transport = {
      fetch: (url: string, init: RequestInit) => this.pageFetch(url, init),
      token: () => owner.token,
    };
    this.start();
  }

  /** What the page's repositories work with (a restarted device has a new store and db). */
  get ctx(): DeviceContext {
    return this.store;
  }

  async signIn(): Promise<void> {
    await this.db.meta.bulkPut([
      { key: 'token', value: this.owner.token },
      { key: 'userId', value: this.owner.userId },
    ]);
  }

  /**
   * The worker starting on the kept queue and database, as sw.ts starts it (sw/worker.ts): its
   * first replay pass, started at once, puts back what a killed worker had out of the queue.
   */
  private start(): void {
    const life = signal();
    this.killed = life;
    this.store = new DeviceStore(this.db, this.transport);
    this.worker = startWorker({
      db: this.db,
      queue: untilKilled(this.queue, life),
      // A killed worker's request that was not on the wire yet never leaves.
      fetch: (request) => (life.fired ? never : this.network(request)),
      announce: () => {},
      online: () => this.online,
      // A killed worker's work that is still running (hung on an answer it will never read)
      // must not join the new worker's: quiescing would wait on it for ever.
      keepAlive: (work) => {
        // A killed worker's pass ends on the closed queue (see untilKilled): not a failure.
        const kept = work.catch((error: unknown) => {
          if (!life.fired) throw error;
        });
        if (!life.fired) this.background.push(kept);
      },
      newId: randomUUID,
      maxBatch: this.maxBatch,
    });
  }

  get replayer(): Replayer {
    return this.worker.replayer;
  }

  /** Killed: memory gone (replayer, page), IndexedDB and the queue kept; then started again. */
  async kill(): Promise<void> {
    this.kills++;
    this.killed.fire();
    this.background = [];
    this.db.close();
    this.db = new TaliDb(this.name);
    this.start();
  }

  /** The wire to the server: offline, faults, and the request itself. */
  private async network(request: Request): Promise<Response> {
    if (!this.online) throw new TypeError('Failed to fetch (offline)');
    const fault = this.fault;
    this.fault = null;
    if (!fault) return this.server.request(request);
    if (fault.kind === 'cut') {
      const url = new URL(request.url);
      if (url.pathname === REPLAY_BATCH_PATH) {
        const { mutations } = (await request.json()) as { mutations: ReplayBatchItem[] };
        const sent = mutations.slice(0, Math.min(fault.at, mutations.length - 1));
        if (sent.length > 0) {
          await this.server.request(
            new Request(request.url, {
              method: 'POST',
              headers: request.headers,
              body: JSON.stringify({ mutations: sent }),
            }),
          );
        }
      }
      throw new TypeError('Failed to fetch (connection cut)');
    }
    await this.server.request(request);
    if (fault.kind === 'lose') throw new TypeError('Failed to fetch (answer lost)');
    // kill: the device dies with the request answered by the server but not read.
    await this.kill();
    return never;
  }

  /** The page's fetch: mutations go through the worker's handler, reads straight to the wire. */
  private pageFetch(url: string, init: RequestInit): Promise<Response> {
    const request = new Request(new URL(url, ORIGIN), init);
    if (!isQueueable(request)) return this.network(request);
    return this.worker.handle(request);
  }

  /** Runs `task` unless the device is killed meanwhile (then its result is dropped). */
  async guarded<T>(task: () => Promise<T>): Promise<T | 'killed'> {
    const killed = this.killed.promise.then(() => 'killed' as const);
    return Promise.race([task(), killed]);
  }

  /** Waits for the replays the worker started on its own. */
  async settle(): Promise<void> {
    while (this.background.length > 0) {
      const running = this.background;
      this.background = [];
      await this.guarded(() => Promise.allSettled(running));
    }
  }

  replay() {
    return this.guarded(() => this.replayer.replay());
  }

  /** A pull; a network error ends it early (the cursor stays where the last page left it). */
  async pull(): Promise<'ok' | 'failed' | 'killed'> {
    const result = await this.guarded(() =>
      this.store.pull(quietScreens).then(
        () => 'ok' as const,
        () => 'failed' as const,
      ),
    );
    return result;
  }

  cursor(): Promise<string> {
    return readCursor(this.db);
  }
}

type Signal = { promise: Promise<void>; fire: () => void; fired: boolean };

function signal(): Signal {
  const s: Signal = { promise: Promise.resolve(), fire: () => {}, fired: false };
  s.promise = new Promise<void>((resolve) => {
    s.fire = () => {
      s.fired = true;
      resolve();
    };
  });
  return s;
}

/**
 * The kept queue as one worker's life sees it. A killed worker runs no more code: here its
 * pass, left hanging on the answer it will never read, could still be taking the next batch off
 * the queue while the next worker recovers (a zombie no browser has). Its calls fail instead.
 */
function untilKilled(queue: MemoryQueue, life: Signal): ReplayQueue {
  const alive = <T>(call: () => Promise<T>): Promise<T> =>
    life.fired ? Promise.reject(new Error('the worker was killed')) : call();
  return {
    pushRequest: (entry) => alive(() => queue.pushRequest(entry)),
    shiftRequest: () => alive(() => queue.shiftRequest()),
    unshiftRequest: (entry) => alive(() => queue.unshiftRequest(entry)),
    getAll: () => alive(() => queue.getAll()),
    size: () => alive(() => queue.size()),
  };
}

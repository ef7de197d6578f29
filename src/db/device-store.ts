/**
 * The device's data layer as one object: the Dexie database, the HTTP transport, the screens'
 * refresh holds (ScreenReads), the sync status the indicator shows, and pull scheduling (one pull
 * at a time, on this thread or through a runner such as the pull worker). The pending flag and
 * its acknowledgements have one rule (pending.ts) that every writer goes through with this
 * object's database. One is created for the page (`deviceStore`) and handed to the screens
 * through React context (src/features/sync/device-sync.tsx); each worker makes its own over its
 * own handle of the same IndexedDB.
 */
import { browserTransport, type Transport } from '~/lib/api';
import { db, type TaliDb } from './db';
import { ScreenReads } from './screen-reads';
import { type PullResult, type PullScreens, pull, ScreenRefresh } from './sync-engine';
import { SyncState } from './sync-state';
import type { DeviceContext } from './transport';

/** Runs a pull elsewhere (the pull worker) and reports to the store's screens. */
export type PullRunner = {
  run(store: DeviceStore): Promise<PullResult>;
  /** Gets ready ahead of the first pull (the login screen's first focus). */
  warm(): void;
};

export class DeviceStore implements DeviceContext {
  readonly screens = new ScreenReads();
  readonly sync = new SyncState();
  private pulling: Promise<PullResult> | null = null;
  private runner: PullRunner | null = null;

  constructor(
    readonly db: TaliDb,
    readonly transport: Transport,
  ) {}

  get hasPullRunner(): boolean {
    return this.runner !== null;
  }

  /** Pulls go through `runner` from now on (null: on this thread). */
  runPullsWith(runner: PullRunner | null): void {
    this.runner = runner;
  }

  warmPull(): void {
    this.runner?.warm();
  }

  /**
   * Pulls every change since the device's cursor; calls during a pull share it. `screens` (a
   * pull run on this thread) replaces the store's own refresh of its screens.
   */
  pull(screens?: PullScreens): Promise<PullResult> {
    if (this.pulling) return this.pulling;
    const run = this.runner && !screens ? this.runner.run(this) : this.pullHere(screens);
    this.pulling = run.finally(() => {
      this.pulling = null;
    });
    return this.pulling;
  }

  /** A pull on this thread, outside the sharing above (a runner's fallback). */
  pullHere(screens: PullScreens = new ScreenRefresh(this.screens)): Promise<PullResult> {
    return pull(this, screens);
  }

  /** Pulls now when signed in; failures (offline, server down) wait for the next trigger. */
  async pullNow(): Promise<void> {
    if (!this.transport.token()) return;
    try {
      await this.pull();
    } catch {
      // Offline or the server is down: the data on the device stays usable; retried on 'online'.
    } finally {
      this.sync.update({ pulled: true });
    }
  }
}

/** The page's one device store, over the page's database and HTTP client. */
export const deviceStore = new DeviceStore(db, browserTransport);

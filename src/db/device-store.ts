/**
 * The device's data layer as one object: the Dexie database, the HTTP transport, the screens'
 * refresh holds (ScreenReads), the sync status the indicator shows, and pull scheduling (one pull
 * at a time, on this thread or through a runner such as the pull worker). The pending flag and
 * its acknowledgements have one rule (pending.ts) that every writer goes through with this
 * object's database. The page's one is created by the app root (src/app/app-root.tsx) and handed
 * to the screens through React context (device-store-context.ts); the signed-in layout starts its
 * link with the service worker (sync-link.ts). Each worker makes its own over its own handle of
 * the same IndexedDB. No module holds a store: everything passes it along.
 */
import { reportUnauthorized, type Transport, UnauthorizedError } from '~/lib/api';
import type { TaliDb } from './db';
import { ScreenReads } from './screen-reads';
import { type PullResult, type PullScreens, pull, ScreenRefresh } from './sync-engine';
import { startSyncLink } from './sync-link';
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
  private readonly afterPulls = new Set<(result: PullResult) => void>();

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

  /**
   * Follows the service worker's queue and the browser (online, sign-in, back in front): sync
   * status, pulls and replay nudges. Returns the stop.
   */
  start(): () => void {
    return startSyncLink(this);
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
    this.pulling = run
      .then((result) => {
        for (const hook of this.afterPulls) hook(result);
        return result;
      })
      .finally(() => {
        this.pulling = null;
      });
    return this.pulling;
  }

  /**
   * Calls `hook` after each pull that succeeded, on this thread (the page's turns feed,
   * conversations-feed.ts, set by page-store.ts). Returns the removal.
   */
  afterEachPull(hook: (result: PullResult) => void): () => void {
    this.afterPulls.add(hook);
    return () => this.afterPulls.delete(hook);
  }

  /** A pull on this thread, outside the sharing above (a runner's fallback). */
  pullHere(screens: PullScreens = new ScreenRefresh(this.screens)): Promise<PullResult> {
    return pull(this, screens);
  }

  /**
   * Pulls now when signed in; failures (offline, server down) wait for the next trigger. A 401
   * ends the session on this phone (the app goes to /login, the device data stays: decision 006):
   * the pull is what a running app calls most, so a session ended elsewhere (another phone's
   * password change, 'Sair de todos os aparelhos') is noticed within seconds.
   */
  async pullNow(): Promise<void> {
    const token = this.transport.token();
    if (!token) return;
    try {
      await this.pull();
    } catch (error) {
      // Only for the token it was sent with: a pull still running from before a new sign-in
      // must not end the new session.
      if (error instanceof UnauthorizedError && this.transport.token() === token) {
        reportUnauthorized();
      }
      // Otherwise offline or the server is down: the data on the device stays usable; retried
      // on 'online'.
    } finally {
      this.sync.update({ pulled: true });
    }
  }
}

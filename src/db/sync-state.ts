/** What the owner sees of the sync (the offline indicator): one observable value per DeviceStore. */

export type SyncStatus = {
  online: boolean;
  /** Mutations waiting in the worker's queue (0 until the worker reports). */
  waiting: number;
  /** A replay answered 401: the owner must sign in again for the queue to go out. */
  authRequired: boolean;
  /** The first pull since start has finished (successfully or not). */
  pulled: boolean;
};

export class SyncState {
  private status: SyncStatus = {
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    waiting: 0,
    authRequired: false,
    pulled: false,
  };
  private readonly listeners = new Set<() => void>();

  /** The current value (the same object until something changes: useSyncExternalStore's rule). */
  readonly get = (): SyncStatus => this.status;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(patch: Partial<SyncStatus>): void {
    // A replay sends a message per mutation: re-render only when something shown changed.
    const keys = Object.keys(patch) as (keyof SyncStatus)[];
    if (keys.every((k) => this.status[k] === patch[k])) return;
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }
}

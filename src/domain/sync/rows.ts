/** What every synced row has, on the server's wire and on the device (Dexie), whatever its kind. */

/** Booleans are not indexable in IndexedDB: flags are 0/1 numbers. */
export type Flag = 0 | 1;

/** A synced row as the API returns it. */
export type ApiSyncedRow = {
  id: string;
  /** Server-assigned sync revision of this state (bigint sequence; fits a JS number). */
  revision: number;
};

/** A deleted row as GET /api/sync reports it: delete it on the device. */
export type ApiTombstone = { id: string; deleted: true; revision: number };

/** One row of the delta feed: the live row, or its tombstone. */
export type SyncRow<Api extends ApiSyncedRow> = (Api & { deleted: false }) | ApiTombstone;

export function isTombstone<T extends object>(row: T | ApiTombstone): row is ApiTombstone {
  return (row as { deleted?: boolean }).deleted === true;
}

/** A synced row on the device. */
export type LocalSyncedRow = {
  id: string;
  /** Accent- and case-folded name for search (see domain/text searchKey). */
  searchKey: string;
  /** Server revision of the last state seen from the server (0 for never synced). */
  revision: number;
  /** 1 while a local change has not been acknowledged by the server (rule: src/db/pending.ts). */
  pending: Flag;
  /** Edit stamp, strictly increasing per row: an acknowledgement names the state it confirms. */
  updatedAt: number;
};

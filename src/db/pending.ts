/**
 * The pending flag, one rule for everyone who sets or clears it (the page after a write the
 * server answered, the CSV import, the service worker after a replay):
 *
 *   A row is pending from the moment a local change is written until the server has
 *   acknowledged the row's LATEST local state. An acknowledgement names that state by the edit
 *   stamp (`updatedAt`) it was written with when the acknowledger knows it (the page does); the
 *   worker, which only sees requests, acknowledges once no queued mutation for the row remains
 *   (the queue keeps the order, so the last one sent carried the latest state). When a newer
 *   edit was written meanwhile, the row stays pending: that edit is still on its way. Clearing
 *   the flag also forgets the row's refused changes: the state the server now holds supersedes them,
 *   and brings in what a pull skipped for the row while it was pending (skipped-rows.ts).
 */
import { descriptorOf, type EntityKind, type SingletonKind } from '~/domain/sync/entities';
import { isTombstone } from '~/domain/sync/rows';
import { anySyncedTable, localTable, type TaliDb } from './db';
import { forgetSkipped, readSkipped } from './skipped-rows';

/** The server stored a row's state: `stamp` names it when known, `revision` is the server's. */
export type Acknowledgement = { id: string; stamp?: number; revision?: number };

/** The rule itself: may this acknowledgement clear the row's flag? */
export function acknowledges(row: { updatedAt: number }, ack: Acknowledgement): boolean {
  return ack.stamp === undefined || row.updatedAt === ack.stamp;
}

/** Clears `pending` on the acknowledged rows of one kind, in one transaction. */
export function acknowledge(
  db: TaliDb,
  kind: EntityKind,
  acks: readonly Acknowledgement[],
): Promise<void> {
  return acknowledgeAll(db, new Map([[kind, acks]]));
}

/** Kinds whose refusals an acknowledgement never clears (the chaos run of 2026-11-28, seed 1732975715). */
const KEEPS_REFUSALS: ReadonlySet<EntityKind> = new Set<EntityKind>(['order']);

/** The same for rows of several kinds (a replay batch), in one transaction. */
export async function acknowledgeAll(
  db: TaliDb,
  byKind: ReadonlyMap<EntityKind, readonly Acknowledgement[]>,
): Promise<void> {
  const kinds = [...byKind].filter(([, acks]) => acks.length > 0);
  if (kinds.length === 0) return;
  const tables = kinds.map(([kind]) => localTable(db, descriptorOf(kind)));
  await db.transaction('rw', [...tables, db.deadLetters, db.meta], async () => {
    for (const [i, [kind, acks]] of kinds.entries()) {
      // One batch may acknowledge a row twice (its create and a CSV import carrying it): the row
      // is acknowledged when any of them names its latest state (before, the last one listed
      // stood alone, and a create's older stamp left an imported row pending for ever).
      const byId = new Map<string, Acknowledgement[]>();
      for (const ack of acks) byId.set(ack.id, [...(byId.get(ack.id) ?? []), ack]);
      const cleared = new Map<string, Acknowledgement>();
      // A deleted row is gone from the device: nothing to modify, as wanted.
      await (tables[i] as (typeof tables)[number])
        .where('id')
        .anyOf([...byId.keys()])
        .modify((row) => {
          const ack = latest((byId.get(row.id) ?? []).filter((a) => acknowledges(row, a)));
          if (!ack) return;
          row.pending = 0;
          if (ack.revision !== undefined) row.revision = ack.revision;
          cleared.set(row.id, ack);
        });
      if (cleared.size === 0) continue;
      // A row's later accepted save makes its earlier refusals moot (the owner fixed it), except
      // an order's: a refused status change (stale, or short of stock) says something a later
      // payment change of the same order does not, so it stays until the owner discards it.
      if (!KEEPS_REFUSALS.has(kind)) await forgetRefusals(db, kind, new Set(cleared.keys()));
      await settleSkipped(db, kind, [...cleared.values()]);
    }
  });
}

/** Of several acknowledgements of one state, the one with the server's newest revision. */
function latest(acks: readonly Acknowledgement[]): Acknowledgement | undefined {
  return acks.reduce<Acknowledgement | undefined>(
    (best, a) => (best === undefined || (a.revision ?? -1) > (best.revision ?? -1) ? a : best),
    undefined,
  );
}

/**
 * A pull may have skipped server states of the rows just cleared (skipped-rows.ts). A tombstone
 * is final (the server refuses every later write of a deleted id), so it is applied whoever
 * acknowledges. A live state is applied when its revision is higher than the acknowledged
 * write's; without that revision (the worker's acknowledgement) the record stays and the next
 * pull reads the row again. In the caller's transaction (the kind's table and db.meta).
 */
async function settleSkipped(
  db: TaliDb,
  kind: EntityKind,
  acks: readonly Acknowledgement[],
): Promise<void> {
  const skipped = await readSkipped(
    db,
    kind,
    acks.map((a) => a.id),
  );
  if (skipped.size === 0) return;
  const table = anySyncedTable(db, descriptorOf(kind));
  const settled: string[] = [];
  for (const ack of acks) {
    const state = skipped.get(ack.id);
    if (!state) continue;
    if (isTombstone(state)) await table.delete(ack.id);
    else if (ack.revision === undefined) continue;
    else if (state.revision > ack.revision) await table.put(state);
    settled.push(ack.id);
  }
  await forgetSkipped(db, kind, settled);
}

/** A change for the row is queued (the worker) or written (the page): it waits for the server. */
export async function markPending(db: TaliDb, kind: EntityKind, id: string): Promise<void> {
  await localTable(db, descriptorOf(kind)).update(id, { pending: 1 });
}

/** Forget the refusals recorded for these rows (fixed, superseded, discarded or deleted). */
export async function forgetRefusals(
  db: TaliDb,
  kind: EntityKind | SingletonKind,
  ids: ReadonlySet<string>,
): Promise<void> {
  await db.deadLetters
    .filter((d) => d.entity === kind && d.entityId !== null && ids.has(d.entityId))
    .delete();
}

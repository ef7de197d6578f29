/**
 * What a pull does with the server's rows, one rule for every place that applies them: a page
 * written row by row (sync-engine.ts), a deferred page written later (deferred-pages.ts), and
 * the screens that read deferred pages before they are written (the same rule, in memory).
 *
 * A row with a pending local edit is never overwritten (unless the server already holds exactly
 * that content: the edit has arrived); a row deleted on the device and not yet confirmed is not
 * brought back; a tombstone deletes, and confirms our own delete.
 */
import type { AnySyncedEntity, EntityKind } from '~/domain/sync/registry';
import {
  type ApiSyncedRow,
  type ApiTombstone,
  isTombstone,
  type LocalSyncedRow,
} from '~/domain/sync/rows';
import { anySyncedTable, type TaliDb } from './db';
import { localDeleteKey, locallyDeleted } from './local-deletes';
import { forgetSkipped, keepSkipped, skippedIds } from './skipped-rows';

/** An entry of the registry as generic device code sees it (its kind known to be a synced one). */
export type RegisteredEntity = AnySyncedEntity & { kind: EntityKind };

/** The device state the rule reads: rows with a pending edit, and unconfirmed local deletes. */
export type LocalState = {
  pending: Map<string, LocalSyncedRow>;
  deletedHere: Set<string>;
};

export type RowsPlan = {
  puts: LocalSyncedRow[];
  deletes: string[];
  /** Ids whose local delete the server confirmed (their markers go). */
  confirmed: string[];
  /** Server states not applied because the row's own change is pending (skipped-rows.ts). */
  skipped: Array<LocalSyncedRow | ApiTombstone>;
};

/** A server row as the device stores it: from the wire, or already converted (deferred pages). */
export type ToLocal<R> = (row: R) => LocalSyncedRow;

/** The wire's rows converted as the pull does, stamped `now`. */
export const fromWire =
  (entity: RegisteredEntity, now = Date.now()): ToLocal<ApiSyncedRow> =>
  (row) =>
    entity.fromServer(row, now);

/**
 * The rule, without IndexedDB. `state` follows the plan (a confirmed row is no longer pending,
 * a confirmed delete no longer unconfirmed), so pages can be planned one after another.
 */
export function planRows<R extends { id: string }>(
  entity: RegisteredEntity,
  rows: readonly (R | ApiTombstone)[],
  state: LocalState,
  toLocal: ToLocal<R>,
): RowsPlan {
  const plan: RowsPlan = { puts: [], deletes: [], confirmed: [], skipped: [] };
  for (const row of rows) {
    const local = state.pending.get(row.id);
    if (isTombstone(row)) {
      // The server confirms our delete: the local marker has done its job.
      if (state.deletedHere.delete(row.id)) plan.confirmed.push(row.id);
      // A row edited here stays: its queued update will be refused and shown to the owner (or,
      // if the server already ran it, its acknowledgement brings the tombstone in).
      if (local) plan.skipped.push(row);
      else plan.deletes.push(row.id);
      continue;
    }
    if (state.deletedHere.has(row.id)) continue;
    const incoming = toLocal(row);
    // A pending edit is never overwritten; when the server already holds exactly what the
    // device has, the edit has arrived (e.g. replayed while no page was open): confirm it.
    if (local && !entity.sameContent(local, incoming)) {
      plan.skipped.push(incoming);
      continue;
    }
    state.pending.delete(row.id);
    plan.puts.push(incoming);
  }
  return plan;
}

/** The pending rows among `ids` and the unconfirmed deletes of this kind, read from Dexie. */
export async function readLocalState(
  db: TaliDb,
  entity: RegisteredEntity,
  ids: readonly string[],
): Promise<LocalState> {
  const table = anySyncedTable(db, entity);
  // Pending rows and local deletes are few: read those through their indexes instead of
  // looking up every incoming id (a first pull brings thousands of rows per page).
  const pendingIds = new Set<string>(await table.where('pending').equals(1).primaryKeys());
  const touched = ids.filter((id) => pendingIds.has(id));
  const pending = new Map<string, LocalSyncedRow>();
  for (const row of await table.bulkGet(touched)) if (row) pending.set(row.id, row);
  return { pending, deletedHere: await locallyDeleted(db, entity.kind) };
}

/**
 * Applies rows in the caller's transaction (the entity's table and db.meta); returns the number
 * of rows changed. Rows come from the wire unless `toLocal` says how they are stored.
 */
export async function applyRows<R extends { id: string } = ApiSyncedRow>(
  db: TaliDb,
  entity: RegisteredEntity,
  rows: readonly (R | ApiTombstone)[],
  toLocal: ToLocal<R> = fromWire(entity) as unknown as ToLocal<R>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const table = anySyncedTable(db, entity);
  const state = await readLocalState(
    db,
    entity,
    rows.map((r) => r.id),
  );
  const { puts, deletes, confirmed, skipped } = planRows(entity, rows, state, toLocal);
  if (confirmed.length)
    await db.meta.bulkDelete(confirmed.map((id) => localDeleteKey(entity.kind, id)));
  // A state written now is newer than any skipped earlier; a skipped one waits for the ack.
  const recorded = await skippedIds(db, entity.kind);
  if (recorded.size > 0) {
    const superseded = [...puts.map((r) => r.id), ...deletes].filter((id) => recorded.has(id));
    await forgetSkipped(db, entity.kind, superseded);
  }
  await keepSkipped(db, entity.kind, skipped);
  if (puts.length) await table.bulkPut(puts);
  if (deletes.length) await table.bulkDelete(deletes);
  return puts.length + deletes.length;
}

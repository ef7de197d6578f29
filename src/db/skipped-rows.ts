/**
 * Server states a pull skipped because the row had a change of this device pending (chaos
 * finding 5, decision 003). The pull's cursor moves on past them; without this record, once the
 * change was acknowledged the skipped state (a tombstone, another device's newer edit) never
 * reached the device. The latest skipped state of a row is kept in db.meta
 * (`pull-skipped:<kind>:<id>`) until the row's flag clears:
 *
 * - an acknowledgement that names the revision its write got (the page's) compares: a skipped
 *   state with a higher revision is newer than the device's write and is applied at once;
 * - an acknowledgement without a revision (the worker's) cannot order the two: the next pull
 *   reads the row again (`GET /api/sync/<table>/<id>`), which is the server's current state.
 *
 * A pull page that writes the row (it is no longer pending) supersedes the record.
 */
import type { EntityKind } from '~/domain/sync/entities';
import type { ApiTombstone, LocalSyncedRow } from '~/domain/sync/rows';
import type { TaliDb } from './db';

/** The server's state as the device would store it (live, converted), or its tombstone. */
export type SkippedState = LocalSyncedRow | ApiTombstone;

const PREFIX = 'pull-skipped:';

export function skippedKey(kind: EntityKind, id: string): string {
  return `${PREFIX}${kind}:${id}`;
}

/** Records skipped states, in the caller's transaction (db.meta). */
export async function keepSkipped(
  db: TaliDb,
  kind: EntityKind,
  states: readonly SkippedState[],
): Promise<void> {
  if (states.length === 0) return;
  await db.meta.bulkPut(states.map((state) => ({ key: skippedKey(kind, state.id), value: state })));
}

/** The ids of this kind with a skipped state (a handful at most: pending rows are few). */
export async function skippedIds(db: TaliDb, kind: EntityKind): Promise<Set<string>> {
  const prefix = skippedKey(kind, '');
  const keys = await db.meta.where('key').startsWith(prefix).primaryKeys();
  return new Set(keys.map((key) => String(key).slice(prefix.length)));
}

export async function readSkipped(
  db: TaliDb,
  kind: EntityKind,
  ids: readonly string[],
): Promise<Map<string, SkippedState>> {
  const rows = await db.meta.bulkGet(ids.map((id) => skippedKey(kind, id)));
  const found = new Map<string, SkippedState>();
  for (const row of rows) {
    const state = row?.value as SkippedState | undefined;
    if (state) found.set(state.id, state);
  }
  return found;
}

export async function forgetSkipped(
  db: TaliDb,
  kind: EntityKind,
  ids: Iterable<string>,
): Promise<void> {
  const keys = [...ids].map((id) => skippedKey(kind, id));
  if (keys.length > 0) await db.meta.bulkDelete(keys);
}

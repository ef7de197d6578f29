/**
 * A change the server refused as stale (409 with `current`, the row as the server holds it: an
 * order moved on by another phone) puts that row on the device at once, no longer pending, so
 * the screen shows what is true while the refusal says what was not done (decision 018).
 */
import { isEntityKind } from '~/domain/sync/entities';
import { type AnySyncedEntity, entityOf } from '~/domain/sync/registry';
import type { ApiSyncedRow } from '~/domain/sync/rows';
import { anySyncedTable, type TaliDb } from './db';
import { deferrable, promoteDeferred } from './deferred-pages';
import { forgetSkipped } from './skipped-rows';

/** The refusal's `current`, when it is the row `id` of a synced entity `kind`. */
function rowOf(current: unknown, id: string): ApiSyncedRow | null {
  const row = current as Partial<ApiSyncedRow> | null;
  return row && typeof row === 'object' && row.id === id && typeof row.revision === 'number'
    ? (row as ApiSyncedRow)
    : null;
}

export async function takeServerRow(
  db: TaliDb,
  kind: string,
  id: string,
  current: unknown,
): Promise<void> {
  const row = rowOf(current, id);
  if (!row || !isEntityKind(kind)) return;
  const entity: AnySyncedEntity = entityOf(kind);
  const table = anySyncedTable(db, entity);
  await db.transaction('rw', [table, db.deferred, db.meta], async () => {
    if (deferrable(entity)) await promoteDeferred(db, { ...entity, kind }, new Set([id]));
    // Never older than what the device shows: a pull may have brought a newer state already.
    const shown = await table.get(id);
    if (shown && shown.pending !== 1 && shown.revision > row.revision) return;
    await forgetSkipped(db, kind, [id]);
    await table.put(entity.fromServer(row, Date.now()));
  });
}

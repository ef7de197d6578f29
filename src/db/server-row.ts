/**
 * One row read again from the server (`GET /api/sync/<table>/<id>`, the feed's shape): to put a
 * row back when the owner discards a refused change, and to bring in a server state a pull
 * skipped while the row's own change was pending (skipped-rows.ts).
 */
import { SYNCED_ENTITIES } from '~/domain/sync/registry';
import type { ApiSyncedRow, SyncRow } from '~/domain/sync/rows';
import { applyRows, type RegisteredEntity } from './apply-rows';
import { anySyncedTable } from './db';
import { deferrable, promoteDeferred } from './deferred-pages';
import { forgetSkipped, skippedIds } from './skipped-rows';
import { type DeviceContext, request } from './transport';

/**
 * The server's copy of one row: the live row or its tombstone, or null when the caller's store
 * never had it (404). One row, not the whole list.
 */
export async function serverCopy(
  ctx: DeviceContext,
  entity: { table: string },
  id: string,
): Promise<SyncRow<ApiSyncedRow> | null> {
  const res = await request(
    ctx.transport,
    'GET',
    `/api/sync/${entity.table}/${encodeURIComponent(id)}`,
    {
      okStatuses: [404],
    },
  );
  if (res.status === 404) return null;
  return (await res.json()) as SyncRow<ApiSyncedRow>;
}

/**
 * Reads again every row whose skipped server state is waiting and whose own change is no longer
 * pending, and applies what the server holds now by the pull's rule. Returns the rows read.
 */
export async function rereadSkipped(ctx: DeviceContext): Promise<number> {
  let read = 0;
  for (const entity of SYNCED_ENTITIES as readonly RegisteredEntity[]) {
    const ids = [...(await skippedIds(ctx.db, entity.kind))];
    if (ids.length === 0) continue;
    const table = anySyncedTable(ctx.db, entity);
    const rows = await table.bulkGet(ids);
    // Still pending: its acknowledgement (or a later pull) settles it.
    const due = ids.filter((_, i) => rows[i]?.pending !== 1);
    for (const id of due) {
      const server = await serverCopy(ctx, entity, id);
      read++;
      await ctx.db.transaction('rw', [table, ctx.db.deferred, ctx.db.meta], async () => {
        // An older state of the row still in a deferred page must not land after this one.
        if (deferrable(entity)) await promoteDeferred(ctx.db, entity, new Set([id]));
        if (server) await applyRows(ctx.db, entity, [server]);
        // Applied, or kept out by a local delete: nothing skipped remains to bring in.
        if ((await table.get(id))?.pending !== 1) await forgetSkipped(ctx.db, entity.kind, [id]);
      });
    }
  }
  return read;
}

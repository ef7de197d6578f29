/**
 * Saving and deleting a synced row on the device, for any entity of the registry: Dexie first
 * (pending), then the mutation to the entity's API (sent, queued by the worker, or refused).
 */
import type { AnySyncedEntity, EntityKind, FieldsOf, LocalOf } from '~/domain/sync/registry';
import { anySyncedTable, localTable } from './db';
import { deferrable, promoteDeferred } from './deferred-pages';
import { clearLocalDelete, markLocalDelete } from './local-deletes';
import { nextStamp, revisionOf } from './local-writes';
import { type MutationResult, sendMutation } from './mutations';
import { acknowledge, forgetRefusals } from './pending';
import type { DeviceContext } from './transport';

export type WriteResult = { id: string; result: MutationResult };

type Entity = AnySyncedEntity & { kind: EntityKind };

export async function saveSynced<E extends Entity>(
  entity: E,
  fields: FieldsOf<E> & { id?: string },
  ctx: DeviceContext,
): Promise<WriteResult> {
  const { db } = ctx;
  const table = anySyncedTable(db, entity);
  const id = fields.id ?? crypto.randomUUID();
  const { stamp, known } = await db.transaction('rw', [table, db.deferred, db.meta], async () => {
    // A row still in a deferred pull page is written first: the edit starts from it.
    if (deferrable(entity)) await promoteDeferred(db, entity, new Set([id]));
    const previous = await table.get(id);
    const before = previous as LocalOf<E> | undefined;
    const row = entity.fromFields(id, fields, before, nextStamp(previous?.updatedAt));
    await table.put(row);
    return { stamp: row.updatedAt, known: row.revision > 0 };
  });
  // Screens held while deferred pages are written show the owner's own change at once.
  void ctx.screens?.readNow();
  return sendSave(entity, { id, stamp, known }, entity.body(fields), ctx);
}

/**
 * Sends one row written to Dexie and acknowledges it when the server took it. A row the server
 * has never confirmed is (re)created with the upsert POST, so fixing a refused create works; a
 * known row is updated with the spec's PUT.
 */
async function sendSave(
  entity: Entity,
  { id, stamp, known }: { id: string; stamp: number; known: boolean },
  body: object,
  ctx: DeviceContext,
): Promise<WriteResult> {
  const target = { kind: entity.kind, id };
  const result = await sendMutation(
    known
      ? { method: 'PUT', url: `${entity.basePath}/${id}`, body, entity: target, stamp }
      : { method: 'POST', url: entity.basePath, body: { id, ...body }, entity: target, stamp },
    ctx,
  );
  if (result.status === 'sent') {
    await acknowledge(ctx.db, entity.kind, [{ id, stamp, revision: revisionOf(result.data) }]);
  }
  return { id, result };
}

export async function deleteSynced(
  entity: Entity,
  id: string,
  ctx: DeviceContext,
): Promise<WriteResult> {
  const { db } = ctx;
  const table = localTable(db, entity);
  await db.transaction('rw', [table, db.deferred, db.meta], async () => {
    // Out of the deferred pages first, or a later write of its page would bring it back.
    if (deferrable(entity)) await promoteDeferred(db, entity, new Set([id]));
    await table.delete(id);
    await markLocalDelete(db, entity.kind, id);
  });
  void ctx.screens?.readNow();
  const result = await sendMutation(
    {
      method: 'DELETE',
      url: `${entity.basePath}/${id}`,
      entity: { kind: entity.kind, id },
      okStatuses: [404],
    },
    ctx,
  );
  if (result.status === 'sent') {
    await clearLocalDelete(db, entity.kind, id);
    await forgetRefusals(db, entity.kind, new Set([id]));
  }
  return { id, result };
}

/**
 * Many rows of one entity saved at once (a CSV import of customers): written to Dexie in one
 * transaction (pending), then sent one by one in the order given, each acknowledged like a single
 * save. Offline the worker queues each and replays them in batches. Answers every result.
 */
export async function saveManySynced<E extends Entity>(
  entity: E,
  list: readonly (FieldsOf<E> & { id?: string })[],
  ctx: DeviceContext,
  onSent: (done: number) => void = () => {},
): Promise<WriteResult[]> {
  const { db } = ctx;
  const table = anySyncedTable(db, entity);
  const written = await db.transaction('rw', [table, db.deferred, db.meta], async () => {
    const ids = list.map((fields) => fields.id ?? crypto.randomUUID());
    if (deferrable(entity)) await promoteDeferred(db, entity, new Set(ids));
    const previous = await table.bulkGet(ids);
    const rows = list.map((fields, i) => {
      const before = previous[i] as LocalOf<E> | undefined;
      return entity.fromFields(ids[i] ?? '', fields, before, nextStamp(previous[i]?.updatedAt));
    });
    await table.bulkPut(rows);
    return rows.map((row) => ({ id: row.id, stamp: row.updatedAt, known: row.revision > 0 }));
  });
  void ctx.screens?.readNow();
  const results: WriteResult[] = [];
  for (const [i, row] of written.entries()) {
    results.push(await sendSave(entity, row, entity.body(list[i] as FieldsOf<E>), ctx));
    onSent(i + 1);
  }
  return results;
}

/** One entity's save and delete, bound to it: what its repo exports (products, customers). */
export function syncedWriters<E extends Entity>(entity: E) {
  return {
    save: (fields: FieldsOf<E> & { id?: string }, ctx: DeviceContext): Promise<WriteResult> =>
      saveSynced(entity, fields, ctx),
    remove: (id: string, ctx: DeviceContext): Promise<WriteResult> => deleteSynced(entity, id, ctx),
  };
}

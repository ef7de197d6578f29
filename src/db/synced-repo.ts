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
  const body = entity.body(fields);
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
  const target = { kind: entity.kind, id };
  // A row the server has never confirmed is (re)created with the upsert POST, so fixing a
  // refused create works; a known row is updated with the spec's PUT.
  const result = await sendMutation(
    known
      ? { method: 'PUT', url: `${entity.basePath}/${id}`, body, entity: target, stamp }
      : { method: 'POST', url: entity.basePath, body: { id, ...body }, entity: target, stamp },
    ctx,
  );
  if (result.status === 'sent') {
    await acknowledge(db, entity.kind, [{ id, stamp, revision: revisionOf(result.data) }]);
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

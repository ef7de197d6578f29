/** Acting on a refused change: retry it as it was, or discard it and take the server's version back. */
import type { DeadLetter } from '~/db/db';
import { anySyncedTable } from '~/db/db';
import { deferrable, promoteDeferred } from '~/db/deferred-pages';
import { clearLocalDelete } from '~/db/local-deletes';
import { type MutationResult, sendMutation } from '~/db/mutations';
import { forgetRefusals } from '~/db/pending';
import { discardSetting } from '~/db/pending-settings';
import { serverCopy } from '~/db/server-row';
import { forgetSkipped } from '~/db/skipped-rows';
import type { DeviceContext } from '~/db/transport';
import { isEntityKind } from '~/domain/sync/entities';
import { type AnySyncedEntity, entityOf } from '~/domain/sync/registry';
import { isTombstone } from '~/domain/sync/rows';

/** Sends the refused request again as it was (a delete or an import): a new attempt. */
export async function retryDeadLetter(
  letter: DeadLetter,
  ctx: DeviceContext,
): Promise<MutationResult> {
  await ctx.db.deadLetters.delete(letter.id);
  const kind = letter.entity === 'other' ? null : letter.entity;
  const result = await sendMutation(
    {
      method: letter.method as 'POST' | 'PUT' | 'DELETE',
      url: letter.url,
      body: letter.body === null ? undefined : (JSON.parse(letter.body) as unknown),
      entity: kind && letter.entityId ? { kind, id: letter.entityId } : null,
      okStatuses: letter.method === 'DELETE' ? [404] : undefined,
    },
    ctx,
  );
  if (
    result.status === 'sent' &&
    kind &&
    isEntityKind(kind) &&
    letter.entityId &&
    letter.method === 'DELETE'
  ) {
    await clearLocalDelete(ctx.db, kind, letter.entityId);
  }
  return result;
}

/**
 * Drops the refused change: the row goes back to what the server holds (or disappears when the
 * server never had it or deleted it). Only that row is read and written; the cursor is untouched.
 */
export async function discardDeadLetter(letter: DeadLetter, ctx: DeviceContext): Promise<void> {
  const { db } = ctx;
  const kind = letter.entity;
  const id = letter.entityId;
  if (kind === 'other' || !id) {
    await db.deadLetters.delete(letter.id);
    return;
  }
  // A settings section: its waiting body and refusal go; the screen shows the server's copy.
  if (!isEntityKind(kind)) return discardSetting(db, kind);
  const entity: AnySyncedEntity = entityOf(kind);
  const server = await serverCopy(ctx, entity, id);
  const table = anySyncedTable(db, entity);
  await db.transaction('rw', [table, db.deferred, db.meta, db.deadLetters], async () => {
    // The server's copy replaces any older one still waiting in a deferred pull page.
    if (deferrable(entity)) await promoteDeferred(db, { ...entity, kind }, new Set([id]));
    await forgetRefusals(db, kind, new Set([id]));
    await clearLocalDelete(db, kind, id);
    // The server's copy is newer than any state a pull skipped for the row.
    await forgetSkipped(db, kind, [id]);
    if (server && !isTombstone(server)) await table.put(entity.fromServer(server, Date.now()));
    else await table.delete(id);
  });
}

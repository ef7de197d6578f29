/** Helpers shared by the repositories: edit stamps and acknowledging a write the server accepted. */
import type { TaliDb } from './db';
import type { EntityKind } from './mutations';

/**
 * A strictly increasing stamp per row: two edits in the same millisecond still differ, so an
 * acknowledgement for the first can never clear the pending flag of the second.
 */
export function nextStamp(previous: number | undefined): number {
  return Math.max(Date.now(), (previous ?? 0) + 1);
}

type Syncable = { id: string; pending: 0 | 1; updatedAt: number; revision: number };

const TABLE: Record<EntityKind, 'products' | 'customers'> = {
  product: 'products',
  customer: 'customers',
};

/**
 * The server stored the state written with `stamp`: clear `pending` unless the owner edited the
 * row again meanwhile (that newer edit is still on its way), and drop refusals now resolved.
 */
export async function acknowledge(
  db: TaliDb,
  kind: EntityKind,
  id: string,
  stamp: number,
  revision: number | undefined,
): Promise<void> {
  const table = db.table<Syncable, string>(TABLE[kind]);
  await db.transaction('rw', [table, db.deadLetters], async () => {
    const row = await table.get(id);
    if (!row || row.updatedAt !== stamp) return;
    await table.update(id, { pending: 0, revision: revision ?? row.revision });
    await deleteDeadLettersFor(db, kind, id);
  });
}

/** Forget the refusals recorded for one row (it was fixed, discarded or deleted). */
export async function deleteDeadLettersFor(
  db: TaliDb,
  kind: EntityKind,
  id: string,
): Promise<void> {
  await db.deadLetters.filter((d) => d.entity === kind && d.entityId === id).delete();
}

/** The revision in a 2xx body of POST/PUT, when the server sent one. */
export function revisionOf(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const revision = (data as { revision?: unknown }).revision;
  return typeof revision === 'number' ? revision : undefined;
}

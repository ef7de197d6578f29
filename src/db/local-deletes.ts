/**
 * Deletions made on the device that the server has not confirmed yet. The row is gone from Dexie,
 * so a pull must know not to bring it back; the marker lives in db.meta (cleared on logout) and
 * goes away when the server's tombstone arrives or the owner discards the refused delete.
 */
import type { TaliDb } from './db';
import type { EntityKind } from './mutations';

export function localDeleteKey(kind: EntityKind, id: string): string {
  return `local-delete:${kind}:${id}`;
}

export async function markLocalDelete(db: TaliDb, kind: EntityKind, id: string): Promise<void> {
  await db.meta.put({ key: localDeleteKey(kind, id), value: Date.now() });
}

export async function clearLocalDelete(db: TaliDb, kind: EntityKind, id: string): Promise<void> {
  await db.meta.delete(localDeleteKey(kind, id));
}

/** The ids among `ids` that have an unconfirmed local delete. */
export async function locallyDeleted(
  db: TaliDb,
  kind: EntityKind,
  ids: string[],
): Promise<Set<string>> {
  const found = await db.meta.bulkGet(ids.map((id) => localDeleteKey(kind, id)));
  return new Set(ids.filter((_, i) => found[i] !== undefined));
}

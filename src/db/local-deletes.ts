/**
 * Deletions made on the device that the server has not confirmed yet. The row is gone from Dexie,
 * so a pull must know not to bring it back; the marker lives in db.meta (cleared on logout) and
 * goes away when the server's tombstone arrives or the owner discards the refused delete.
 */

import type { EntityKind } from '~/domain/sync/entities';
import type { TaliDb } from './db';

export function localDeleteKey(kind: EntityKind, id: string): string {
  return `local-delete:${kind}:${id}`;
}

export async function markLocalDelete(db: TaliDb, kind: EntityKind, id: string): Promise<void> {
  await db.meta.put({ key: localDeleteKey(kind, id), value: Date.now() });
}

export async function clearLocalDelete(db: TaliDb, kind: EntityKind, id: string): Promise<void> {
  await db.meta.delete(localDeleteKey(kind, id));
}

/** The ids of this kind with an unconfirmed local delete (a handful at most). */
export async function locallyDeleted(db: TaliDb, kind: EntityKind): Promise<Set<string>> {
  const prefix = localDeleteKey(kind, '');
  const keys = await db.meta.where('key').startsWith(prefix).primaryKeys();
  return new Set(keys.map((key) => String(key).slice(prefix.length)));
}

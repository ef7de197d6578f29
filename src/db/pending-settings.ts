/**
 * The store's settings sections (singletons of the registry: store data, hours, the assistant)
 * changed on the device and not yet held by the server: their latest body, kept in db.meta until
 * acknowledged by the pending rule (src/db/pending.ts), then folded into the cached store.
 */

import type { DeliverySettings } from '~/domain/delivery';
import type { StoreMe } from '~/domain/schemas';
import {
  descriptorOfSingleton,
  SINGLETON_ID,
  type SingletonDescriptor,
  type SingletonKind,
} from '~/domain/sync/entities';
import type { TaliDb } from './db';
import { acknowledges, forgetRefusals } from './pending';

/** A section's change waiting for the server: the body its PUT carries, stamped when written. */
export type PendingSetting = {
  kind: SingletonKind;
  body: Partial<StoreMe> | DeliverySettings;
  updatedAt: number;
};

/** The cached GET /api/stores/me (src/app/store-cache.ts). */
export const STORE_KEY = 'store';
const PREFIX = 'pending-setting:';

const keyOf = (kind: SingletonKind) => `${PREFIX}${kind}`;

/** What a section's body changes of the cached store: its fields, or the one field it is. */
function storeChange(p: PendingSetting): Partial<StoreMe> {
  const field = (descriptorOfSingleton(p.kind) as SingletonDescriptor).storeField;
  return (field ? { [field]: p.body } : p.body) as Partial<StoreMe>;
}

/** Writes the section's latest body as pending; a later change replaces it (last one wins). */
export async function writePendingSetting(
  db: TaliDb,
  kind: SingletonKind,
  body: PendingSetting['body'],
  updatedAt: number,
): Promise<void> {
  const value: PendingSetting = { kind, body, updatedAt };
  await db.meta.put({ key: keyOf(kind), value });
}

export async function pendingSettings(db: TaliDb): Promise<PendingSetting[]> {
  const rows = await db.meta.where('key').startsWith(PREFIX).toArray();
  return rows.map((r) => r.value as PendingSetting).sort((a, b) => a.updatedAt - b.updatedAt);
}

/** The store as the owner last set it: the server's copy with the waiting changes on top. */
export function withPending(store: StoreMe, pending: readonly PendingSetting[]): StoreMe {
  return Object.assign({}, store, ...pending.map(storeChange)) as StoreMe;
}

/**
 * The server holds a section's state (rule of src/db/pending.ts: `stamp` names it when the
 * acknowledger knows it, the page; the worker acknowledges when nothing for it is queued any
 * more). Clears the pending body, forgets the section's refusals, and folds the body into the
 * cached store so an offline read right after shows what the server now holds.
 */
export async function acknowledgeSettings(
  db: TaliDb,
  acks: readonly { kind: SingletonKind; stamp?: number }[],
): Promise<void> {
  if (acks.length === 0) return;
  await db.transaction('rw', [db.meta, db.deadLetters], async () => {
    for (const ack of acks) {
      const row = await db.meta.get(keyOf(ack.kind));
      const pending = row?.value as PendingSetting | undefined;
      if (!pending || !acknowledges(pending, { id: SINGLETON_ID, stamp: ack.stamp })) continue;
      await db.meta.delete(keyOf(ack.kind));
      const cached = await db.meta.get(STORE_KEY);
      if (cached?.value) {
        await db.meta.put({
          key: STORE_KEY,
          value: { ...(cached.value as StoreMe), ...storeChange(pending) },
        });
      }
      await forgetRefusals(db, ack.kind, new Set([SINGLETON_ID]));
    }
  });
}

/** The owner gives up a refused change: the section goes back to what the server holds. */
export async function discardSetting(db: TaliDb, kind: SingletonKind): Promise<void> {
  await db.transaction('rw', [db.meta, db.deadLetters], async () => {
    await db.meta.delete(keyOf(kind));
    await forgetRefusals(db, kind, new Set([SINGLETON_ID]));
  });
}

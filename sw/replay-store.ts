/** The replay's view of the device database (Dexie): session mirror, pending flags, dead letters. */
import type { DeadLetter, TaliDb } from '../src/db/db';
import type { HeldEntry, RefusedMutation, ReplayStore } from './replay';

const IN_FLIGHT = 'sw-in-flight';

/** A Request cannot be stored in IndexedDB: keep what is needed to rebuild it. */
type StoredEntry = {
  url: string;
  method: string;
  headers: [string, string][];
  body: string | null;
  timestamp?: number;
  metadata?: object;
};

export function parseEntity(tag: string | null): { kind: DeadLetter['entity']; id: string | null } {
  const match = /^(product|customer):(.+)$/.exec(tag ?? '');
  if (!match?.[1] || !match[2]) return { kind: 'other', id: null };
  return { kind: match[1] as 'product' | 'customer', id: match[2] };
}

function toStored({ entry, body }: HeldEntry): StoredEntry {
  const headers: [string, string][] = [];
  entry.request.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  return {
    url: entry.request.url,
    method: entry.request.method,
    headers,
    body,
    timestamp: entry.timestamp,
    metadata: entry.metadata,
  };
}

function fromStored(s: StoredEntry): HeldEntry {
  const request = new Request(s.url, { method: s.method, headers: s.headers, body: s.body });
  return { entry: { request, timestamp: s.timestamp, metadata: s.metadata }, body: s.body };
}

async function metaString(db: TaliDb, key: string): Promise<string | null> {
  const row = await db.meta.get(key);
  return typeof row?.value === 'string' && row.value ? row.value : null;
}

/** Sets the pending flag of the row a mutation is about (1 while queued, 0 once all are sent). */
export async function setPending(db: TaliDb, tag: string | null, pending: 0 | 1): Promise<void> {
  const { kind, id } = parseEntity(tag);
  if (!id) return;
  // A deleted row is gone from the device: update() of a missing key is a no-op, as wanted.
  if (kind === 'product') await db.products.update(id, { pending });
  if (kind === 'customer') await db.customers.update(id, { pending });
}

export function createReplayStore(db: TaliDb, newId: () => string): ReplayStore {
  return {
    token: () => metaString(db, 'token'),
    userId: () => metaString(db, 'userId'),
    async markSynced(entities) {
      if (entities.length === 0) return;
      // One transaction for a whole batch's rows instead of one per row.
      await db.transaction('rw', [db.products, db.customers], async () => {
        for (const entity of entities) await setPending(db, entity, 0);
      });
    },
    async deadLetter(refused: RefusedMutation) {
      const { kind, id } = parseEntity(refused.entity);
      // The row stays pending so the owner sees it needs attention next to the refusal.
      await db.deadLetters.add({
        id: newId(),
        method: refused.method,
        url: refused.url,
        body: refused.body,
        status: refused.status,
        message: refused.message,
        entity: kind,
        entityId: id,
        failedAt: Date.now(),
      });
    },
    async setInFlight(entries) {
      if (!entries || entries.length === 0) await db.meta.delete(IN_FLIGHT);
      else await db.meta.put({ key: IN_FLIGHT, value: entries.map(toStored) });
    },
    async inFlight() {
      const row = await db.meta.get(IN_FLIGHT);
      if (!row) return [];
      // A single entry: what workers before batched replay kept.
      const stored = Array.isArray(row.value) ? row.value : [row.value];
      return (stored as StoredEntry[]).map(fromStored);
    },
  };
}

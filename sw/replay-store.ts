/** The replay's view of the device database (Dexie): session mirror, pending flags, dead letters. */
import type { TaliDb } from '../src/db/db';
import { type Acknowledgement, acknowledgeAll, markPending } from '../src/db/pending';
import { acknowledgeSettings } from '../src/db/pending-settings';
import { dropGonePhotos } from '../src/db/photo-gone';
import { markPhotosSent } from '../src/db/photo-sent';
import { recordRefusal } from '../src/db/refusals';
import type { EntityKind, SingletonKind } from '../src/domain/sync/entities';
import {
  importAckKey,
  isCustomerImportAck,
  parseEntityTag,
  parseImportTag,
  parseSingletonTag,
} from '../src/domain/sync/protocol';
import {
  type HeldEntry,
  isBinaryBody,
  type RefusedMutation,
  type ReplayStore,
  readMeta,
} from './queue-entry';

const IN_FLIGHT = 'sw-in-flight';
/** Copies of direct sends on the wire, one per entry: `sw-direct:<qid>`. */
const DIRECT = 'sw-direct:';

/** A Request cannot be stored in IndexedDB: keep what is needed to rebuild it. */
type StoredEntry = {
  url: string;
  method: string;
  headers: [string, string][];
  body: string | null;
  /** A body that is not text (a photo's bytes), kept as bytes. */
  bytes?: ArrayBuffer;
  timestamp?: number;
  metadata?: object;
};

async function toStored({ entry, body }: HeldEntry): Promise<StoredEntry> {
  const headers: [string, string][] = [];
  entry.request.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  return {
    url: entry.request.url,
    method: entry.request.method,
    headers,
    body,
    ...(isBinaryBody(entry.request) ? { bytes: await entry.request.clone().arrayBuffer() } : {}),
    timestamp: entry.timestamp,
    metadata: entry.metadata,
  };
}

function fromStored(s: StoredEntry): HeldEntry {
  const request = new Request(s.url, {
    method: s.method,
    headers: s.headers,
    body: s.bytes ?? s.body,
  });
  return { entry: { request, timestamp: s.timestamp, metadata: s.metadata }, body: s.body };
}

async function metaString(db: TaliDb, key: string): Promise<string | null> {
  const row = await db.meta.get(key);
  return typeof row?.value === 'string' && row.value ? row.value : null;
}

/** A mutation for the row was queued: it waits for the server (rule: src/db/pending.ts). */
export async function setPending(db: TaliDb, tag: string | null): Promise<void> {
  const target = parseEntityTag(tag);
  // A deleted row is gone from the device: update() of a missing key is a no-op, as wanted.
  if (target) await markPending(db, target.kind, target.id);
}

export function createReplayStore(db: TaliDb, newId: () => string): ReplayStore {
  return {
    token: () => metaString(db, 'token'),
    userId: () => metaString(db, 'userId'),
    async markSynced(acks) {
      // No queued mutation names these rows any more and the server holds the state each last
      // one carried: acknowledged by its stamp when it had one (the rule of src/db/pending.ts),
      // else by "nothing left queued" alone. One transaction for a whole batch's rows.
      const byKind = new Map<EntityKind, Acknowledgement[]>();
      const settings: { kind: SingletonKind; stamp?: number }[] = [];
      const add = (kind: EntityKind, more: readonly Acknowledgement[]) =>
        byKind.set(kind, [...(byKind.get(kind) ?? []), ...more]);
      // A CSV import: its rows, with the stamps they were written with (a row edited since
      // stays pending), as the page recorded them before sending it.
      const imports = acks.map((a) => parseImportTag(a.tag)).filter((k): k is string => k !== null);
      for (const key of imports) {
        const value = (await db.meta.get(importAckKey(key)))?.value;
        // The products' import keeps a bare array; the customers' says its kind.
        if (Array.isArray(value)) add('product', value as Acknowledgement[]);
        else if (isCustomerImportAck(value)) add('customer', value.rows);
      }
      for (const { tag, stamp } of acks) {
        const singleton = parseSingletonTag(tag);
        if (singleton) settings.push({ kind: singleton, stamp });
        const target = parseEntityTag(tag);
        if (target) add(target.kind, [{ id: target.id, stamp }]);
      }
      await acknowledgeAll(db, byKind);
      if (imports.length > 0) await db.meta.bulkDelete(imports.map(importAckKey));
      // Settings sections (store data, hours, the assistant): the same rule, kept in db.meta.
      await acknowledgeSettings(db, settings);
    },
    photosGone: (photoIds) => dropGonePhotos(db, photoIds),
    photosSent: (photoIds) => markPhotosSent(db, photoIds),
    deadLetter: (refused: RefusedMutation) => recordRefusal(db, refused, newId),
    async setInFlight(entries) {
      if (!entries || entries.length === 0) await db.meta.delete(IN_FLIGHT);
      else await db.meta.put({ key: IN_FLIGHT, value: await Promise.all(entries.map(toStored)) });
    },
    async keepDirect(entry) {
      const { qid } = readMeta(entry.entry.metadata);
      if (qid) await db.meta.put({ key: `${DIRECT}${qid}`, value: await toStored(entry) });
    },
    async dropDirect(qid) {
      await db.meta.delete(`${DIRECT}${qid}`);
    },
    async directCopies() {
      const rows = await db.meta.where('key').startsWith(DIRECT).toArray();
      return rows
        .map((row) => fromStored(row.value as StoredEntry))
        .sort((a, b) => (a.entry.timestamp ?? 0) - (b.entry.timestamp ?? 0));
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

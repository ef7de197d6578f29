/** The device database (IndexedDB through Dexie): the one owner of everything stored on the phone. */
import Dexie, { type EntityTable, type Table } from 'dexie';
import {
  DEVICE_SCHEMA_VERSION,
  ENTITY_DESCRIPTORS,
  type EntityKind,
  type SingletonKind,
} from '~/domain/sync/entities';
import type { AnyEntity, EntityOf, LocalOf } from '~/domain/sync/registry';
import type { ApiTombstone, LocalSyncedRow } from '~/domain/sync/rows';
import { type CachedThread, CONVERSATION_TABLES, type HeldReply } from './conversations-tables';

export type { LocalCustomer } from '~/domain/customer';
export type { LocalProduct } from '~/domain/product';
export type { Flag } from '~/domain/sync/rows';

/** Onboarding drafts: 'onboarding_step1', 'onboarding_step2', 'onboarding_step3'. */
export type Draft = { key: string; value: unknown; updatedAt: number };

/** Small key/value facts: sync cursor, session mirror for the worker, cached store. */
export type Meta = { key: string; value: unknown };

/** The key of the pull's cursor in `meta` (sync-engine.ts). */
export const CURSOR_KEY = 'syncCursor';

/** A mutation the server refused (4xx other than 401): shown to the owner to fix or discard. */
export type DeadLetter = {
  id: string;
  method: string;
  url: string;
  body: string | null;
  status: number;
  message: string;
  /**
   * The synced entity (or singleton: store data, hours, assistant) it was about; 'other' for a
   * mutation of no single row (a CSV import).
   */
  entity: EntityKind | SingletonKind | 'other';
  entityId: string | null;
  failedAt: number;
};

/**
 * Rows of a large pull page kept as they came, many to a record, until they are written row by
 * row (src/db/deferred-pages.ts): IndexedDB stores one record of 2,500 rows in a few ms, but
 * 2,500 records in a few hundred.
 */
export type DeferredPage = {
  /** Arrival order: pages are applied in this order. */
  seq?: number;
  /** The synced table the rows belong to. */
  table: string;
  /** The server's rows as the table stores them (searchKey, cents…), and its tombstones. */
  rows: Array<LocalSyncedRow | ApiTombstone>;
};

/**
 * A product photo kept on the device (issue 21, src/features/products/photos/): made on the
 * phone, shown at once offline, uploaded through the worker's queue. Until the server has it,
 * `blob` is the upload (≤ 1600 px); once uploaded, only the 480 px size the list shows.
 */
export type LocalPhoto = {
  id: string;
  productId: string;
  /** Order among the product's photos; the lowest is the cover. */
  position: number;
  blob: Blob;
  width: number;
  height: number;
  /**
   * 'held': added to a product not saved yet, sent after its create; 'waiting': queued or being
   * sent; 'uploaded': the server has it (the blob is the 480 px).
   */
  state: 'held' | 'waiting' | 'uploaded';
  /**
   * A revision of its product that lists this photo on the server (the upload's answer, or the
   * row it was fetched from): a later revision that does not list it was removed on another
   * phone (photo-prune.ts). Unknown for a photo whose replay the worker announced.
   */
  listedAt?: number;
  /**
   * 'uploaded' by the worker's replay (the app may have been closed): the blob is still the
   * bytes it sent, until the page shrinks it to the 480 px (photo-repo.ts `markUploaded`).
   */
  full?: true;
};

/** Each synced entity's device table, typed by its registry entry (`db.products`, `db.orders`…). */
type SyncedDexieTables = { [E in AnyEntity as E['table']]: EntityTable<LocalOf<E>, 'id'> };

class DeviceDb extends Dexie {
  drafts!: EntityTable<Draft, 'key'>;
  meta!: EntityTable<Meta, 'key'>;
  deadLetters!: EntityTable<DeadLetter, 'id'>;
  deferred!: EntityTable<DeferredPage, 'seq'>;
  photos!: EntityTable<LocalPhoto, 'id'>;
  chatTurns!: EntityTable<CachedThread, 'phone'>;
  chatReplies!: EntityTable<HeldReply, 'id'>;

  constructor(name = 'tali') {
    super(name);
    this.version(1).stores({
      products:
        'id, searchKey, name, priceCents, active, pending, [active+name], [active+priceCents]',
      customers: 'id, searchKey, name, phone, pending',
      drafts: 'key',
      meta: 'key',
      deadLetters: 'id, failedAt',
    });
    // v2: the products list sorts and filters in memory (src/db/product-search.ts), so the name
    // and price indexes only slowed every write; [searchKey+id] lets the list be read in
    // name order in short slices (src/db/read-products.ts) instead of one long main-thread task,
    // and still answers where('searchKey') (Dexie uses a compound index's first part).
    const synced = Object.fromEntries(ENTITY_DESCRIPTORS.map((e) => [e.table, e.indexes]));
    // Versions before 6 as declared then, without the conversations, so Dexie's diff to v6 is real.
    const { conversations: _addedIn6, ...before6 } = synced;
    // Versions 2 and 3 as they were declared then (before labels), so Dexie's diff to v4 is real.
    const before4 = {
      products: 'id, [searchKey+id], active, pending',
      customers: 'id, searchKey, name, phone, pending',
    };
    this.version(2).stores(before4);
    // v3: large pull pages are stored as they came first (src/db/deferred-pages.ts).
    this.version(3).stores({ ...before4, deferred: '++seq, table' });
    // v4: customer labels (the `labels` table, customers' *labels index), orders (issue 20),
    // and product photos (issue 21), read by product; as declared then, so the diff to v5 is real.
    const own = { deferred: '++seq, table', photos: 'id, productId' };
    this.version(4).stores({
      ...before6,
      customers: 'id, searchKey, name, phone, pending, *labels',
      ...own,
    });
    // v5: customers lose the `name` and `*labels` indexes, which nothing read (the list sorts by
    // searchKey and filters labels in memory) and which every write of a customer maintained: a
    // 10,000-customer import wrote ~23,000 index entries less (docs/benchmarks.md).
    // And the feed now carries products' stock (issue 20), which rows pulled before lack: the
    // next pull starts again from "0" and brings every row as the feed now writes it. The pull's
    // own rule keeps pending edits, local deletes and the queue (apply-rows.ts).
    // The version is the registry's (entities.ts), raised with its entities and indexes.
    this.version(5)
      .stores({ ...before6, ...own })
      .upgrade((tx) => tx.table<Meta, string>('meta').delete(CURSOR_KEY));
    // v6: the store's chats (issue 37), pulled from "0".
    this.version(6)
      .stores({ ...synced, ...own })
      .upgrade((tx) => tx.table<Meta, string>('meta').delete(CURSOR_KEY));
    // v7: orders' fee and payment (issue 38) travel to the device: one full pull again.
    this.version(7)
      .stores({ ...synced, ...own })
      .upgrade((tx) => tx.table<Meta, string>('meta').delete(CURSOR_KEY));
    // v8: a chat's last turns read online, kept for offline reading, and the owner's replies
    // waiting to be sent (issue 37, src/db/conversations-*.ts); nothing synced changes.
    this.version(8).stores({ ...synced, ...own, ...CONVERSATION_TABLES });
    // v9: the campaign each order came through (issue 41's reports): one full pull again.
    this.version(9)
      .stores({ ...synced, ...own, ...CONVERSATION_TABLES })
      .upgrade((tx) => tx.table<Meta, string>('meta').delete(CURSOR_KEY));
    // v10: where each order was placed (issue 39: 'loja' or 'whatsapp'): one full pull again.
    this.version(DEVICE_SCHEMA_VERSION)
      .stores({ ...synced, ...own, ...CONVERSATION_TABLES })
      .upgrade((tx) => tx.table<Meta, string>('meta').delete(CURSOR_KEY));
  }
}

/** The device database: its own tables and one per synced entity of the registry. */
export type TaliDb = DeviceDb & SyncedDexieTables;
// Dexie puts a property on the instance for every table its schema declares, the synced ones too.
export const TaliDb = DeviceDb as unknown as new (name?: string) => TaliDb;

/** The device row of a synced kind (LocalProduct for 'product'). */
export type LocalRowOf<K extends EntityKind> = LocalOf<EntityOf<K>>;

/** The device table of a synced entity, typed by its registry entry. */
export function localTable<K extends EntityKind>(
  db: TaliDb,
  entity: { kind: K; table: string },
): Table<LocalRowOf<K>, string> {
  return db.table<LocalRowOf<K>, string>(entity.table);
}

/** A synced table as generic code sees it: the fields every synced row has. */
export function anySyncedTable(
  db: TaliDb,
  entity: { table: string },
): Table<LocalSyncedRow, string> {
  return db.table<LocalSyncedRow, string>(entity.table);
}

/** Every synced entity's device table (for transactions that touch them all). */
export function syncedTables(db: TaliDb): Table<LocalSyncedRow, string>[] {
  return ENTITY_DESCRIPTORS.map((e) => db.table<LocalSyncedRow, string>(e.table));
}

export const db = new TaliDb();

/** Logout: the next person on this phone must not see this store's data. */
export async function clearDeviceData(): Promise<void> {
  const own = [db.deferred, db.drafts, db.meta, db.deadLetters, db.photos];
  const tables = [...syncedTables(db), ...own, db.chatTurns, db.chatReplies];
  await db.transaction('rw', tables, () => Promise.all(tables.map((t) => t.clear())));
}

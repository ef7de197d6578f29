/** The device database (IndexedDB through Dexie): the one owner of everything stored on the phone. */
import Dexie, { type EntityTable } from 'dexie';

/** Booleans are not indexable in IndexedDB: flags are 0/1 numbers. */
export type Flag = 0 | 1;

export type LocalProduct = {
  id: string;
  name: string;
  description: string;
  /** Decimal string with two places, as the API returns it ("59.90"). */
  price: string;
  /** Integer cents, for sorting by price. */
  priceCents: number;
  active: Flag;
  /** Accent- and case-folded name for search (see domain/text searchKey). */
  searchKey: string;
  /** Server revision of the last state seen from the server (0 for never synced). */
  revision: number;
  /** 1 while a local change has not been acknowledged by the server. */
  pending: Flag;
  updatedAt: number;
};

export type LocalCustomer = {
  id: string;
  name: string;
  /** National digits. */
  phone: string;
  optedOut: Flag;
  searchKey: string;
  revision: number;
  pending: Flag;
  createdAt: string;
  updatedAt: number;
};

/** Onboarding drafts: 'onboarding_step1', 'onboarding_step2', 'onboarding_step3'. */
export type Draft = { key: string; value: unknown; updatedAt: number };

/** Small key/value facts: sync cursor, session mirror for the worker, cached store. */
export type Meta = { key: string; value: unknown };

/** A mutation the server refused (4xx other than 401): shown to the owner to fix or discard. */
export type DeadLetter = {
  id: string;
  method: string;
  url: string;
  body: string | null;
  status: number;
  message: string;
  entity: 'product' | 'customer' | 'other';
  entityId: string | null;
  failedAt: number;
};

export class TaliDb extends Dexie {
  products!: EntityTable<LocalProduct, 'id'>;
  customers!: EntityTable<LocalCustomer, 'id'>;
  drafts!: EntityTable<Draft, 'key'>;
  meta!: EntityTable<Meta, 'key'>;
  deadLetters!: EntityTable<DeadLetter, 'id'>;

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
    this.version(2).stores({ products: 'id, [searchKey+id], active, pending' });
  }
}

export const db = new TaliDb();

/** Logout: the next person on this phone must not see this store's data. */
export async function clearDeviceData(): Promise<void> {
  await db.transaction('rw', [db.products, db.customers, db.drafts, db.meta, db.deadLetters], () =>
    Promise.all([
      db.products.clear(),
      db.customers.clear(),
      db.drafts.clear(),
      db.meta.clear(),
      db.deadLetters.clear(),
    ]),
  );
}

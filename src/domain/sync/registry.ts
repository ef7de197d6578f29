/**
 * The synced-entity registry: every kind of row that is written offline on the phone and synced
 * with the server, described once. The page (Dexie tables, saves, pull, refused changes), the
 * service worker (what is queued, what travels in a replay batch, pending flags) and the server
 * (mutation table, delta feed, one-row read) are all built from SYNCED_ENTITIES.
 * Adding an entity: see docs/decisions/009-synced-entity-registry.md.
 */
import type { z } from 'zod';
import {
  type ApiCustomer,
  type CustomerFields,
  customerBody,
  customerSchema,
  type LocalCustomer,
  localCustomerFromFields,
  localCustomerFromServer,
  sameCustomerContent,
} from '../customer';
import {
  type ApiProduct,
  type LocalProduct,
  localProductFromFields,
  localProductFromServer,
  type ProductFields,
  productBody,
  productSchema,
  sameProductContent,
} from '../product';
import type { ApiSyncedRow, LocalSyncedRow } from './rows';

/**
 * One synced kind of row. Kind is the tag in `X-Tali-Entity` ("product:<id>") and in dead
 * letters; table is both the Dexie table and the key of GET /api/sync's answer.
 */
export type SyncedEntity<
  Kind extends string = string,
  Table extends string = string,
  Api extends ApiSyncedRow = ApiSyncedRow,
  Local extends LocalSyncedRow = LocalSyncedRow,
  Fields extends object = object,
> = {
  readonly kind: Kind;
  readonly table: Table;
  /** POST basePath (upsert by the client's id), PUT and DELETE basePath/:id. */
  readonly basePath: `/api/${string}`;
  /** Other POSTs under basePath that are catalogue mutations (queued, batched, replayed). */
  readonly extraPosts: readonly `/${string}`[];
  /** Body of POST and PUT, as the server validates it (the device's dialog checks the same). */
  readonly schema: z.ZodType<Fields & { id?: string | undefined }, unknown>;
  /** Dexie indexes of the device table ('id' first; 'pending' is required by the pull). */
  readonly indexes: string;
  /** How the refused-changes list names a row of this kind ("produto"), and its answers. */
  readonly noun: string;
  /** The API's refusals, in Portuguese (spec §8; decision 003). */
  readonly messages: { notFound: string; wasDeleted: string; gone: string };
  /** The device row for the server's copy (not pending). Method syntax: see AnySyncedEntity. */
  fromServer(row: Api, updatedAt: number): Local;
  /** The device row a save writes: pending, stamped `updatedAt`, server-owned fields kept. */
  fromFields(id: string, fields: Fields, previous: Local | undefined, updatedAt: number): Local;
  /** The JSON body of POST/PUT for these fields. */
  body(fields: Fields): Fields;
  /** Same content as far as the owner can edit it: a pull then confirms a pending row. */
  sameContent(local: Local, incoming: Local): boolean;
};

export const productEntity = {
  kind: 'product',
  table: 'products',
  basePath: '/api/products',
  extraPosts: ['/import-csv'],
  schema: productSchema,
  indexes: 'id, [searchKey+id], active, pending',
  noun: 'produto',
  messages: {
    notFound: 'Produto não encontrado',
    wasDeleted: 'Este produto foi excluído.',
    gone: 'Este produto foi excluído. Cadastre-o novamente para recriá-lo.',
  },
  fromServer: localProductFromServer,
  fromFields: localProductFromFields,
  body: productBody,
  sameContent: sameProductContent,
} as const satisfies SyncedEntity<'product', 'products', ApiProduct, LocalProduct, ProductFields>;

export const customerEntity = {
  kind: 'customer',
  table: 'customers',
  basePath: '/api/customers',
  extraPosts: [],
  schema: customerSchema,
  indexes: 'id, searchKey, name, phone, pending',
  noun: 'cliente',
  messages: {
    notFound: 'Cliente não encontrado',
    wasDeleted: 'Este cliente foi excluído.',
    gone: 'Este cliente foi excluído. Cadastre-o novamente para recriá-lo.',
  },
  fromServer: localCustomerFromServer,
  fromFields: localCustomerFromFields,
  body: customerBody,
  sameContent: sameCustomerContent,
} as const satisfies SyncedEntity<
  'customer',
  'customers',
  ApiCustomer,
  LocalCustomer,
  CustomerFields
>;

/** Every synced entity, in the order the pull applies them. */
export const SYNCED_ENTITIES = [productEntity, customerEntity] as const;

export type AnyEntity = (typeof SYNCED_ENTITIES)[number];
export type EntityKind = AnyEntity['kind'];
export type EntityTableName = AnyEntity['table'];
export type EntityOf<K extends EntityKind> = Extract<AnyEntity, { kind: K }>;
/** The API row, device row and editable fields of one kind. */
export type ApiOf<E> = E extends SyncedEntity<string, string, infer A> ? A : never;
export type LocalOf<E> = E extends SyncedEntity<string, string, ApiSyncedRow, infer L> ? L : never;
export type FieldsOf<E> =
  E extends SyncedEntity<string, string, ApiSyncedRow, LocalSyncedRow, infer F> ? F : never;

/**
 * Any entry, as generic code (Dexie, worker, server) handles it. The row-typed members are
 * methods, which TypeScript compares bivariantly, so every entry is assignable to this.
 */
export type AnySyncedEntity = SyncedEntity;

const BY_KIND = new Map<string, AnyEntity>(SYNCED_ENTITIES.map((e) => [e.kind, e]));
const BY_TABLE = new Map<string, AnyEntity>(SYNCED_ENTITIES.map((e) => [e.table, e]));

export function isEntityKind(kind: string): kind is EntityKind {
  return BY_KIND.has(kind);
}

export function entityOf<K extends EntityKind>(kind: K): EntityOf<K> {
  return BY_KIND.get(kind) as EntityOf<K>;
}

export function entityByTable(table: string): AnyEntity | undefined {
  return BY_TABLE.get(table);
}

/** The entity whose API a path belongs to ("/api/products/…" → products), or undefined. */
export function entityOfPath(path: string): AnyEntity | undefined {
  return SYNCED_ENTITIES.find((e) => path === e.basePath || path.startsWith(`${e.basePath}/`));
}

/**
 * The synced-entity registry: every kind of row that is written offline on the phone and synced
 * with the server, described once. The page (Dexie tables, saves, pull, refused changes), the
 * service worker (what is queued, what travels in a replay batch, pending flags) and the server
 * (mutation table, delta feed, one-row read) are all built from SYNCED_ENTITIES.
 * Adding an entity: see docs/decisions/009-synced-entity-registry.md.
 */
import type { z } from 'zod';
import { conversationRules } from '../conversation';
import { customerRules } from '../customer';
import { labelRules } from '../label';
import { orderRules } from '../order';
import { productRules } from '../product';
import type { ChildDescriptor } from './children';
import type { ColumnMap } from './columns';
import {
  CONVERSATIONS,
  CUSTOMERS,
  type EntityDescriptor,
  type EntityKind,
  LABELS,
  ORDERS,
  PRODUCTS,
} from './entities';
import type { ApiSyncedRow, LocalSyncedRow } from './rows';

/**
 * One synced kind of row: its data half (entities.ts) and its rules — the body schema and how
 * device rows are built and compared. Generic code reads both through this type.
 */
export type SyncedEntity<
  Kind extends string = string,
  Table extends string = string,
  Api extends ApiSyncedRow = ApiSyncedRow,
  Local extends LocalSyncedRow = LocalSyncedRow,
  Fields extends object = object,
> = EntityDescriptor & {
  readonly kind: Kind;
  readonly table: Table;
  /** The row's fields, each once (columns.ts): every shape below and the server's derive from it. */
  readonly columns: ColumnMap;
  /** Body of POST and PUT, as the server validates it (the device's dialog checks the same). */
  readonly schema: z.ZodType<Fields & { id?: string | undefined }, unknown>;
  /** The device row for the server's copy (not pending). Method syntax: see AnySyncedEntity. */
  fromServer(row: Api, updatedAt: number): Local;
  /** The device row a save writes: pending, stamped `updatedAt`, server-owned fields kept. */
  fromFields(
    id: string,
    fields: Fields,
    previous: Partial<Local> | undefined,
    updatedAt: number,
  ): Local;
  /** The JSON body of POST/PUT for these fields. */
  body(fields: Fields): Fields;
  /** Same content as far as the owner can edit it: a pull then confirms a pending row. */
  sameContent(local: Local, incoming: Local): boolean;
  /**
   * Its child entities (children.ts), carried inside its rows: registered here, in the entity's
   * own definition, so the feed and list SQL, the serializers and the tests find them.
   */
  readonly children: readonly ChildDescriptor[];
};

/** What an entity's own file exports for its entry (`productRules`): all but the descriptor. */
export type EntityRules = Omit<SyncedEntity, keyof EntityDescriptor>;

/** An entry: the descriptor (entities.ts) and the rules its entity's own file exports. */
function synced<const D extends EntityDescriptor, R extends EntityRules>(
  descriptor: D,
  rules: R,
): D & R {
  return { ...descriptor, ...rules };
}

export const productEntity = synced(PRODUCTS, productRules);
export const labelEntity = synced(LABELS, labelRules);
export const customerEntity = synced(CUSTOMERS, customerRules);
export const orderEntity = synced(ORDERS, orderRules);
export const conversationEntity = synced(CONVERSATIONS, conversationRules);

/** Every synced entity with its rules, in the order of ENTITY_DESCRIPTORS. */
export const SYNCED_ENTITIES = [
  productEntity,
  labelEntity,
  customerEntity,
  orderEntity,
  conversationEntity,
] as const;

// Every descriptor has its rules and nothing else is here: the compiler checks both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyKindHasRules: Same<(typeof SYNCED_ENTITIES)[number]['kind'], EntityKind> = true;
void everyKindHasRules;

export type AnyEntity = (typeof SYNCED_ENTITIES)[number];
export type { EntityKind, EntityTableName } from './entities';
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

export function entityOf<K extends EntityKind>(kind: K): EntityOf<K> {
  return BY_KIND.get(kind) as EntityOf<K>;
}

export function entityByTable(table: string): AnyEntity | undefined {
  return BY_TABLE.get(table);
}

/** The child entities a kind's rows carry. */
export function childrenOf(kind: EntityKind): readonly ChildDescriptor[] {
  return entityOf(kind).children;
}

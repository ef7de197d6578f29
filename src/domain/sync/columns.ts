/**
 * The column map: one synced entity's fields, each written once — SQL column, type, API field,
 * device field, whether the feed and the list carry it, and (when the owner edits it) its rule.
 * The API, feed and device row types are derived from it here; the device conversions in
 * row-shape.ts; the server's serializers, its feed and list SQL and `sameFields` in
 * server/services/sync/serialize.ts. Adding a field is one entry in the entity's map (plus
 * its Drizzle column and migration). Pure TypeScript: it runs on the page, the worker and the server.
 */
import type { z } from 'zod';
import type { Flag } from './rows';

/**
 * How a value is stored and travels. Each type fixes its SQL type (checked against the Drizzle
 * schema by tests/api/row-shape.test.ts), its JSON form and its device form.
 */
export const SQL_TYPES = {
  uuid: 'uuid',
  text: 'text',
  integer: 'integer',
  /** Decimal string with two places on the wire and on the device: "59.90". */
  money: 'numeric(10, 2)',
  /** JSON boolean; a 0/1 flag on the device (booleans are not indexable in IndexedDB). */
  boolean: 'boolean',
  /** ISO 8601 in UTC with milliseconds: "2026-11-25T18:00:00.000Z". */
  timestamp: 'timestamp with time zone',
  /** The sync revision (a bigint sequence that fits a JS number). */
  revision: 'bigint',
} as const;

export type ValueType = keyof typeof SQL_TYPES;

type ApiValues = {
  uuid: string;
  text: string;
  integer: number;
  money: string;
  boolean: boolean;
  timestamp: string;
  revision: number;
};
type DeviceValues = Omit<ApiValues, 'boolean'> & { boolean: Flag };

/** One field of a synced row. The key of the map is its API field (and Drizzle property) name. */
export type Column = {
  /** The column in SQL (snake_case). */
  readonly column: string;
  readonly type: ValueType;
  /** JSON null when unset (the column has no NOT NULL). */
  readonly nullable: boolean;
  /** In the API's rows: GET /api/<table>, and the answers of POST and PUT. */
  readonly list: boolean;
  /** In the delta feed's rows (GET /api/sync) and the one-row read (GET /api/sync/<table>/<id>). */
  readonly feed: boolean;
  /** Kept on the device row (Dexie) under the same name; the feed must carry it. */
  readonly device: boolean;
  /** Owner-editable: its rule in the body of POST and PUT (the device's dialog checks the same). */
  readonly schema?: z.ZodType;
  /**
   * A device-kept field the owner does not edit, on a row saved on the device before the server
   * has it (e.g. a customer's opt-out: false; its creation time: the edit's).
   */
  readonly initial?: (stamp: number) => unknown;
};

export type ColumnMap = { readonly [field: string]: Column };

type Options = Partial<Pick<Column, 'nullable' | 'list' | 'feed' | 'device' | 'initial'>>;
type Or<O, K extends string, D extends boolean> = O extends { [P in K]: infer V extends boolean }
  ? V
  : D;
/** A field's literal type: what the derived row types read. */
export type FieldOf<T extends ValueType, O> = {
  readonly column: string;
  readonly type: T;
  readonly nullable: Or<O, 'nullable', false>;
  readonly list: Or<O, 'list', true>;
  readonly feed: Or<O, 'feed', true>;
  readonly device: Or<O, 'device', true>;
  readonly initial?: (stamp: number) => unknown;
};

/** A field carried everywhere (list, feed, device) unless `options` says otherwise. */
export function field<T extends ValueType, const O extends Options = object>(
  type: T,
  column: string,
  options?: O,
): FieldOf<T, O> {
  return {
    column,
    type,
    nullable: false,
    list: true,
    feed: true,
    device: true,
    ...options,
  } as never;
}

/** An owner-editable field: `schema` is its rule in the body of POST and PUT. */
export function editable<
  T extends ValueType,
  S extends z.ZodType,
  const O extends Options = object,
>(type: T, column: string, schema: S, options?: O): FieldOf<T, O> & { readonly schema: S } {
  return { ...field(type, column, options), schema };
}

/** The fields every synced row has (ApiSyncedRow): its id (made on the device) and revision. */
export const idField = field('uuid', 'id');
export const revisionField = field('revision', 'revision', { initial: () => 0 });
/**
 * The server's own times, in the API's rows only: the feed leaves them out and the device keeps
 * its edit stamp instead (formatting them was a quarter of the feed's cost on the embedded
 * database).
 */
export const serverTimestamps = {
  createdAt: field('timestamp', 'created_at', { feed: false, device: false }),
  updatedAt: field('timestamp', 'updated_at', { feed: false, device: false }),
} as const;

type Flat<T> = { [K in keyof T]: T[K] };

/**
 * A synced entity's map: `id`, its own fields, `revision`, then its times (`serverTimestamps`
 * unless it has its own), in the JSON's field order.
 */
export function syncedMap<
  const F extends ColumnMap,
  const T extends ColumnMap = typeof serverTimestamps,
>(own: F, times?: T): Flat<{ id: typeof idField } & F & { revision: typeof revisionField } & T> {
  return { id: idField, ...own, revision: revisionField, ...(times ?? serverTimestamps) } as never;
}

/** A column's value as the API's JSON carries it. */
export type ApiValue<C> = C extends { type: infer T extends ValueType; nullable: infer N }
  ? N extends true
    ? ApiValues[T] | null
    : ApiValues[T]
  : never;
export type DeviceValue<C> = C extends { type: infer T extends ValueType; nullable: infer N }
  ? N extends true
    ? DeviceValues[T] | null
    : DeviceValues[T]
  : never;

type KeysWhere<M, Flag extends 'list' | 'feed' | 'device'> = {
  [K in keyof M]: M[K] extends { readonly [F in Flag]: true } ? K : never;
}[keyof M];
type EditableKeys<M> = { [K in keyof M]: M[K] extends { schema: z.ZodType } ? K : never }[keyof M];

/** The API's row (list, POST and PUT answers). */
export type ListRowOf<M> = { [K in KeysWhere<M, 'list'>]: ApiValue<M[K]> };
/** The feed's live row (without `deleted`). */
export type FeedRowOf<M> = { [K in KeysWhere<M, 'feed'>]: ApiValue<M[K]> };
/** The device-kept fields (the rest of a device row: LocalSyncedRow and the entity's extras). */
export type DeviceFieldsOf<M> = { [K in KeysWhere<M, 'device'>]: DeviceValue<M[K]> };
type OutputOf<C> = C extends { schema: infer S extends z.ZodType } ? z.output<S> : never;
/** Editable fields whose rule takes no value (a product's stock: absent = unchanged). */
type OptionalKeys<M> = {
  [K in EditableKeys<M>]: undefined extends OutputOf<M[K]> ? K : never;
}[EditableKeys<M>];
type Flatten<T> = { [K in keyof T]: T[K] };
/** What the entity's dialog produces and a POST/PUT body carries (the rules' outputs). */
export type FieldsOfMap<M> = Flatten<
  { [K in Exclude<EditableKeys<M>, OptionalKeys<M>>]: OutputOf<M[K]> } & {
    [K in OptionalKeys<M>]?: OutputOf<M[K]>;
  }
>;
/** The zod shape of the editable fields, for the body schema. */
export type EditableShape<M> = {
  [K in EditableKeys<M>]: M[K] extends { schema: infer S extends z.ZodType } ? S : never;
};

/** The map's entries with their names, in the map's order (the JSON's field order). */
export function columnsOf(map: ColumnMap): (Column & { name: string })[] {
  return Object.entries(map).map(([name, column]) => ({ ...column, name }));
}

/** The zod shape of the editable fields (the rest of the body schema is `id`). */
export function editableShape<M extends ColumnMap>(map: M): EditableShape<M> {
  const shape: Record<string, z.ZodType> = {};
  for (const c of columnsOf(map)) if (c.schema) shape[c.name] = c.schema;
  return shape as EditableShape<M>;
}

/** A JSON value of a column as the device keeps it. */
export function toDeviceValue(type: ValueType, value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (type === 'boolean') return value ? 1 : 0;
  if (type === 'revision') return Number(value) || 0;
  return value;
}

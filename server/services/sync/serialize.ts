/**
 * Database rows → the API's and the feed's JSON, derived from each entity's column map
 * (src/domain/sync/columns.ts): in JavaScript (one row: POST/PUT answers, the one-row read) and
 * as SQL the database runs (the delta feed, the whole lists). tests/api/row-shape.test.ts checks
 * that the two agree field by field for every registered entity.
 */
import type { ApiProduct, SyncProduct } from '../../../src/domain/api-types';
import { CUSTOMER_COLUMNS } from '../../../src/domain/customer';
import { normalizePrice } from '../../../src/domain/money';
import { PRODUCT_COLUMNS } from '../../../src/domain/product';
import type { ChildDescriptor } from '../../../src/domain/sync/children';
import {
  type Column,
  type ColumnMap,
  columnsOf,
  type FeedRowOf,
  type FieldsOfMap,
  type ListRowOf,
  type ValueType,
} from '../../../src/domain/sync/columns';
import type { SyncRow } from '../../../src/domain/sync/rows';

/** What Drizzle hands over for each value type (both drivers). */
type ServerValues = {
  uuid: string;
  text: string;
  integer: number;
  money: string;
  boolean: boolean;
  timestamp: Date;
  revision: number;
};
type ServerValue<C> = C extends { type: infer T extends ValueType; nullable: infer N }
  ? N extends true
    ? ServerValues[T] | null
    : ServerValues[T]
  : never;

/**
 * A Drizzle row of the map's table: each field under its API name. The entity's Drizzle table
 * must be assignable to it, so a field missing from the schema, or of another type, does not compile.
 */
export type ServerRowOf<M> = { [K in keyof M]: ServerValue<M[K]> } & { deletedAt: Date | null };

type Row = Record<string, unknown>;

/** One value as the API's JSON carries it. */
function apiValue(type: ValueType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    // numeric(10,2) arrives as a string from both drivers; normalising guards the format anyway.
    case 'money':
      return normalizePrice(String(value));
    case 'timestamp':
      return (value as Date).toISOString();
    case 'revision':
      return Number(value);
    default:
      return value;
  }
}

/** The JSON of these columns of a row, each under its API name. */
function pick(columns: readonly (Column & { name: string })[], row: Row): Row {
  const json: Row = {};
  for (const c of columns) json[c.name] = apiValue(c.type, row[c.name]);
  return json;
}

/** The row as the API returns it (GET /api/<table>, POST and PUT answers). */
export function apiSerializer<M extends ColumnMap>(map: M): (row: ServerRowOf<M>) => ListRowOf<M> {
  const listed = columnsOf(map).filter((c) => c.list);
  return (row) => pick(listed, row) as ListRowOf<M>;
}

/** The row as the delta feed carries it: its feed fields, or its tombstone when deleted. */
export function feedSerializer<M extends ColumnMap>(
  map: M,
): (row: ServerRowOf<M>) => SyncRow<FeedRowOf<M> & { id: string; revision: number }> {
  const carried = columnsOf(map).filter((c) => c.feed);
  return (row) => {
    const values = row as Row;
    if (row.deletedAt)
      return { id: String(values.id), deleted: true, revision: Number(values.revision) };
    const feed = { ...pick(carried, values), deleted: false };
    return feed as FeedRowOf<M> & { id: string; revision: number; deleted: false };
  };
}

/** The row's owner-editable fields, as a body carries them (what a partial PUT keeps). */
export function editableFields<M extends ColumnMap>(
  map: M,
): (row: ServerRowOf<M>) => FieldsOfMap<M> {
  const editable = columnsOf(map).filter((c) => c.schema !== undefined);
  return (row) => pick(editable, row) as FieldsOfMap<M>;
}

/** Whether the row already holds these fields (a replay of the same change writes nothing). */
export function sameFields<M extends ColumnMap>(
  map: M,
): (row: ServerRowOf<M>, fields: FieldsOfMap<M>) => boolean {
  const editable = columnsOf(map).filter((c) => c.schema !== undefined);
  return (row, fields) =>
    editable.every((c) => apiValue(c.type, (row as Row)[c.name]) === (fields as Row)[c.name]);
}

/** A timestamp column as the API writes it (Date.toISOString()'s format, in UTC). */
export const isoSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** One column's value as SQL that yields the API's JSON value. */
function valueSql(type: ValueType, column: string): string {
  if (!IDENTIFIER.test(column)) throw new Error(`Not a column name: ${column}`);
  if (type === 'money') return `${column}::text`;
  if (type === 'timestamp') return isoSql(column);
  return column;
}

/** The `'field', value` pairs of json_build_object for the fields `where` carries. */
function pairsSql(map: ColumnMap, where: 'list' | 'feed'): string[] {
  return columnsOf(map)
    .filter((c) => c[where])
    .map((c) => {
      if (!IDENTIFIER.test(c.name)) throw new Error(`Not a field name: ${c.name}`);
      return `'${c.name}', ${valueSql(c.type, c.column)}`;
    });
}

/**
 * A parent row's children as a JSON array (SQL): the child table's live rows whose parent key is
 * `parentRef`.id, ordered by the child's `orderBy` then id. The child's columns are unqualified
 * inside the subquery, so they resolve to the child table.
 */
export function childArraySql(
  child: ChildDescriptor,
  where: 'list' | 'feed',
  parentRef: string,
): string {
  for (const name of [child.table, child.parentKey, parentRef]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Not an SQL name: ${name}`);
  }
  const order = child.columns[child.orderBy]?.column ?? 'id';
  if (child.join) {
    const value = child.columns[child.join.value]?.column ?? '';
    if (!IDENTIFIER.test(value)) throw new Error(`Not a column name: ${value}`);
    return `(SELECT coalesce(json_agg(${value} ORDER BY ${order}), '[]'::json)
    FROM ${child.table} WHERE ${child.parentKey} = ${parentRef}.id)`;
  }
  return `(SELECT coalesce(json_agg(json_build_object(${pairsSql(child.columns, where).join(', ')})
      ORDER BY ${order}, id), '[]'::json)
    FROM ${child.table} WHERE ${child.parentKey} = ${parentRef}.id AND deleted_at IS NULL)`;
}

/** Where a row's JSON is written, and the children that travel in it (children.ts). */
export type ObjectContext = { children?: readonly ChildDescriptor[]; parentRef?: string };

/**
 * The SQL of one row's JSON object with the fields `where` carries (`list`: the API row; `feed`:
 * the feed's live row, `deleted: false`), over the entity table's columns unqualified, plus the
 * children that travel there (their subqueries refer to the row as `parentRef`).
 */
export function jsonObjectSql(
  map: ColumnMap,
  where: 'list' | 'feed',
  { children = [], parentRef = '' }: ObjectContext = {},
): string {
  const pairs = pairsSql(map, where);
  for (const child of children) {
    if (!child.travels[where]) continue;
    if (!IDENTIFIER.test(child.field)) throw new Error(`Not a field name: ${child.field}`);
    pairs.push(`'${child.field}', ${childArraySql(child, where, parentRef)}`);
  }
  if (where === 'feed') pairs.push(`'deleted', false`);
  // json_build_object takes at most 100 arguments: 50 fields, far more than a row here has.
  return `json_build_object(${pairs.join(', ')})`;
}

/** A parent's children as its API or feed row carries them, from the child table's rows. */
export function childrenSerializer<M extends ColumnMap>(
  child: ChildDescriptor<M>,
  where: 'list' | 'feed',
): (rows: readonly ServerRowOf<M>[]) => Record<string, unknown>[] {
  const carried = columnsOf(child.columns).filter((c) => c[where]);
  const key = child.orderBy;
  return (rows) =>
    rows
      .filter((row) => !row.deletedAt)
      .map((row) => row as Row)
      .sort((a, b) => compare(a[key], b[key]) || compare(a.id, b.id))
      .map((row) => pick(carried, row));
}

/**
 * The database's order for a child's `orderBy` values: numbers and dates. Texts compare by code
 * point here and by the database's collation there, so order children by a number or a date.
 */
function compare(a: unknown, b: unknown): number {
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The feed's JSON of a row: its live object, or its tombstone when deleted. */
export function feedObjectSql(map: ColumnMap, context: ObjectContext = {}): string {
  return `CASE WHEN deleted_at IS NULL THEN ${jsonObjectSql(map, 'feed', context)}
    ELSE json_build_object('id', id, 'deleted', true, 'revision', revision) END`;
}

export const toApiProduct: (row: ServerRowOf<typeof PRODUCT_COLUMNS>) => ApiProduct =
  apiSerializer(PRODUCT_COLUMNS);
/** A customer's own fields: customers-repo.ts adds its labels (a child, CUSTOMER_LABELS). */
export const toApiCustomer = apiSerializer(CUSTOMER_COLUMNS);
export const toSyncProduct: (row: ServerRowOf<typeof PRODUCT_COLUMNS>) => SyncProduct =
  feedSerializer(PRODUCT_COLUMNS);
export const toSyncCustomer = feedSerializer(CUSTOMER_COLUMNS);

/** The one uuid check is server/http.ts's; re-exported for existing importers. */
export { isUuid } from '../../lib/api-input';

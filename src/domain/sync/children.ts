/**
 * Child entities: rows that belong to one row of a synced entity (a customer's labels, an
 * order's items, a product's photos). Each has its own column map and SQL table, and travels
 * inside its parent's rows: the parent's feed row and/or API row carry its live children as an
 * array under `field`. A change to a child is a change of its parent (the writer moves the
 * parent's revision), so the feed needs no list of its own, the pending flag and refusals stay
 * per parent, and a device never holds a child without its parent. A child is registered in its
 * parent's own definition (`children` of the registry entry, next to its column map), so adding
 * one edits no list here.
 */
import {
  type ColumnMap,
  columnsOf,
  type DeviceFieldsOf,
  type FeedRowOf,
  type ListRowOf,
  toDeviceValue,
} from './columns';

export type ChildDescriptor<M extends ColumnMap = ColumnMap> = {
  /** Its name in code and messages ("customer-label"). */
  readonly kind: string;
  /** Its SQL table. */
  readonly table: string;
  /** The SQL column of the child table that holds the parent's id. */
  readonly parentKey: string;
  /** The parent row's field that carries the children ("labels"). */
  readonly field: string;
  /** The child field the array is ordered by (then by id). */
  readonly orderBy: keyof M & string;
  /** Whether the parent's feed row (and so the device) and its API row carry the children. */
  readonly travels: { readonly feed: boolean; readonly list: boolean };
  readonly columns: M;
  /**
   * A join table (a customer's labels): its rows have no id and no tombstone (a removal deletes
   * the row; the parent's new revision carries the change), and the parent's array carries only
   * this field's value (`labels: [labelId]`), not objects.
   */
  readonly join?: { readonly value: keyof M & string };
};

/** The child rows as the parent's API row carries them. */
export type ApiChildrenOf<C> = C extends ChildDescriptor<infer M> ? ListRowOf<M>[] : never;
/** The child rows as the parent's feed row carries them. */
export type FeedChildrenOf<C> = C extends ChildDescriptor<infer M> ? FeedRowOf<M>[] : never;
/** The child rows as the parent's device row keeps them. */
export type DeviceChildrenOf<C> = C extends ChildDescriptor<infer M> ? DeviceFieldsOf<M>[] : never;

/** A parent's row (API, feed or device) with its children under the child's field. */
export type WithChildren<Row, C extends ChildDescriptor, Children> = Row & {
  [F in C['field']]: Children;
};

/** The parent's device row keeps its children as the device keeps any row's fields. */
export function childrenToDevice<M extends ColumnMap>(
  child: ChildDescriptor<M>,
  rows: readonly FeedRowOf<M>[] | undefined,
): DeviceFieldsOf<M>[] {
  // A join's array holds plain ids already: kept as they came.
  if (child.join) return [...((rows ?? []) as unknown as DeviceFieldsOf<M>[])];
  const kept = columnsOf(child.columns).filter((c) => c.device && c.feed);
  return (rows ?? []).map((row) => {
    const wire = row as Record<string, unknown>;
    const local: Record<string, unknown> = {};
    for (const c of kept) local[c.name] = toDeviceValue(c.type, wire[c.name]);
    return local as DeviceFieldsOf<M>;
  });
}

/**
 * Child entities: rows that belong to one row of a synced entity (a customer's labels, an
 * order's items, a product's photos). Each has its own column map and SQL table, and travels
 * inside its parent's rows: the parent's feed row and/or API row carry its live children as an
 * array under `field`. A change to a child is a change of its parent (the writer moves the
 * parent's revision), so the feed needs no list of its own, the pending flag and refusals stay
 * per parent, and a device never holds a child without its parent.
 */

import { PRODUCT_PHOTOS } from '../photo';
import {
  type ColumnMap,
  columnsOf,
  type DeviceFieldsOf,
  type FeedRowOf,
  type ListRowOf,
  toDeviceValue,
} from './columns';
import type { EntityKind } from './entities';

export type ChildDescriptor<M extends ColumnMap = ColumnMap> = {
  /** Its name in code and messages ("customer-label"). */
  readonly kind: string;
  /** The registered entity its rows belong to. */
  readonly parent: EntityKind;
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

/**
 * The registered child entities: a product's photos (issue 21). The labels and items issues each
 * add theirs here (with its table and migration), and the parent's rows then carry it.
 */
export const CHILD_DESCRIPTORS: readonly ChildDescriptor[] = [PRODUCT_PHOTOS];

export function childrenOf(
  kind: EntityKind,
  children: readonly ChildDescriptor[] = CHILD_DESCRIPTORS,
): ChildDescriptor[] {
  return children.filter((c) => c.parent === kind);
}

/** The parent's device row keeps its children as the device keeps any row's fields. */
export function childrenToDevice<M extends ColumnMap>(
  child: ChildDescriptor<M>,
  rows: readonly FeedRowOf<M>[] | undefined,
): DeviceFieldsOf<M>[] {
  const kept = columnsOf(child.columns).filter((c) => c.device && c.feed);
  return (rows ?? []).map((row) => {
    const wire = row as Record<string, unknown>;
    const local: Record<string, unknown> = {};
    for (const c of kept) local[c.name] = toDeviceValue(c.type, wire[c.name]);
    return local as DeviceFieldsOf<M>;
  });
}

/**
 * The rules derived from an entity's column map (columns.ts): the body schema of POST/PUT, and
 * the device's rows — the device row for the server's copy, the row a save writes, the body a
 * save sends and what the pull compares.
 */
import { z } from 'zod';
import { clientId } from '../fields';
import { searchKey } from '../text';
import {
  type ColumnMap,
  columnsOf,
  type DeviceFieldsOf,
  editableShape,
  type FeedRowOf,
  type FieldsOfMap,
  toDeviceValue,
  type ValueType,
} from './columns';
import type { LocalSyncedRow } from './rows';

/** POST and PUT's body: the client's id (optional) and each editable field by its rule. */
export function bodySchema<M extends ColumnMap>(map: M) {
  return z.object({ id: clientId.optional(), ...editableShape(map) });
}

/** A device row of the map: its kept fields, the sync bookkeeping and the entity's extras. */
export type LocalRowOf<M, Extras = unknown> = LocalSyncedRow & DeviceFieldsOf<M> & Extras;

export type DeviceRowOptions<M, Extras> = {
  /**
   * The field whose accent- and case-folded text is the row's `searchKey`: an editable one, or
   * any kept one of an entity the device only reads (a chat's push name).
   */
  searchBy: (keyof FieldsOfMap<M> | keyof DeviceFieldsOf<M>) & string;
  /** Index-only fields computed from the kept ones (a product's `priceCents` for sorting). */
  extras?: (row: DeviceFieldsOf<M>) => Extras;
};

export type DeviceRules<M, Extras> = {
  /** The device row for the server's copy (not pending), stamped `updatedAt`. */
  fromServer(row: FeedRowOf<M>, updatedAt: number): LocalRowOf<M, Extras>;
  /**
   * The row a save on the device writes: pending, stamped `updatedAt`; the fields the owner does
   * not edit (revision, a customer's opt-out), and optional ones the save leaves out, kept from
   * `previous`, or their `initial` value.
   */
  fromFields(
    id: string,
    fields: FieldsOfMap<M>,
    previous: Partial<LocalRowOf<M, Extras>> | undefined,
    updatedAt: number,
  ): LocalRowOf<M, Extras>;
  /** The JSON body of POST/PUT for these fields (only the editable ones, in the map's order). */
  body(fields: FieldsOfMap<M>): FieldsOfMap<M>;
  /** Same editable content: a pull then confirms a pending row. */
  sameContent(local: LocalRowOf<M, Extras>, incoming: LocalRowOf<M, Extras>): boolean;
};

const SAME_ON_DEVICE = new Set<ValueType>(['uuid', 'text', 'integer', 'money', 'timestamp']);

/** The device rules of a column map. */
export function deviceRules<M extends ColumnMap, Extras = unknown>(
  map: M,
  options: DeviceRowOptions<M, Extras>,
): DeviceRules<M, Extras> {
  const columns = columnsOf(map);
  for (const c of columns) {
    // The device can only keep what the feed brings it.
    if (c.device && !c.feed) throw new Error(`${c.name}: a device field must travel in the feed`);
  }
  const kept = columns.filter((c) => c.device);
  const editable = columns.filter((c) => c.schema !== undefined);
  const editableOnDevice = editable.filter((c) => c.device);
  const { searchBy, extras } = options;
  // Texts, money and timestamps are the same on the wire and on the device (nulls included).
  const copied = kept.filter((c) => SAME_ON_DEVICE.has(c.type)).map((c) => c.name);
  const converted = kept.filter((c) => !SAME_ON_DEVICE.has(c.type));
  type Row = Record<string, unknown>;

  const finish = (local: Row, pending: 0 | 1, updatedAt: number): LocalRowOf<M, Extras> => {
    if (extras) Object.assign(local, extras(local as DeviceFieldsOf<M>));
    local.searchKey = searchKey(String(local[searchBy] ?? ''));
    local.pending = pending;
    local.updatedAt = updatedAt;
    return local as LocalRowOf<M, Extras>;
  };

  return {
    fromServer(row, updatedAt) {
      const wire = row as Row;
      const local: Row = {};
      // A first pull converts 50,000 rows with this: most fields are copied as they are.
      for (const name of copied) local[name] = wire[name];
      for (const c of converted) local[c.name] = toDeviceValue(c.type, wire[c.name]);
      return finish(local, 0, updatedAt);
    },
    fromFields(id, fields, previous, updatedAt) {
      const given = fields as Row;
      const before = previous as Row | undefined;
      const local: Row = {};
      for (const c of kept) {
        if (c.name === 'id') local.id = id;
        // An optional field the save leaves out keeps its value (a product's stock: the CSV
        // import does not carry it, and the server keeps it too).
        else if (c.schema && given[c.name] !== undefined)
          local[c.name] = toDeviceValue(c.type, given[c.name]);
        else if (before?.[c.name] !== undefined) local[c.name] = before[c.name];
        else local[c.name] = toDeviceValue(c.type, c.initial?.(updatedAt) ?? null);
      }
      return finish(local, 1, updatedAt);
    },
    body(fields) {
      const given = fields as Row;
      const body: Row = {};
      for (const c of editable) body[c.name] = given[c.name];
      return body as FieldsOfMap<M>;
    },
    sameContent(a, b) {
      const [left, right] = [a as Row, b as Row];
      return editableOnDevice.every((c) => left[c.name] === right[c.name]);
    },
  };
}

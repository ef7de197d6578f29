/**
 * The rows tests/api/row-shape.test.ts writes for each registered entity, made from its column
 * map: every editable field gets a value of its type (only the ones its rule requires, for the
 * bare row), and its Drizzle table is found by its SQL name. An entity adds an entry to the test
 * only when its rules need more (a valid phone, a row made another way than a POST), so a new
 * entity is covered without editing the test.
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../server/db/schema';
import { columnsOf, type ValueType } from '../../src/domain/sync/columns';
import type { AnyEntity } from '../../src/domain/sync/registry';
import type { Owner } from './fixtures';

export type Json = Record<string, unknown>;

export type Sample = {
  table: PgTable;
  /** A body with only the fields its rules require. */
  bare: () => Json;
  /** A body with every editable field set. */
  full: () => Json;
  /** Fields only the server writes, set in the database as the server would, by SQL column. */
  serverSets: Json;
  /** A row made another way than a POST to its base path (orders: the storefront): its id. */
  make?: (owner: Owner, variant: 'bare' | 'full') => Promise<string>;
  /**
   * An entity the device only reads (chats): no PUT or DELETE through its base path, and a list
   * of its own shape; its feed and one-row read are checked, and `remove` makes its tombstone.
   */
  readOnly?: { remove: (owner: Owner, id: string) => Promise<void> };
};

// Texts differ from row to row: an entity may refuse two rows with the same name (labels).
let made = 0;
const VALUE: Record<ValueType, () => unknown> = {
  text: () => `Exemplo ${++made}`,
  money: () => '12.50',
  boolean: () => false,
  integer: () => 7,
  uuid: () => crypto.randomUUID(),
  timestamp: () => new Date().toISOString(),
  revision: () => 1,
};

/** The Drizzle table (server/db/schema.ts) whose SQL name is `name`. */
export function drizzleTable(name: string): PgTable {
  const found = Object.values(schema).find((v) => is(v, PgTable) && getTableName(v) === name);
  if (!found) throw new Error(`server/db/schema.ts exports no table named ${name}`);
  return found as PgTable;
}

function body(e: AnyEntity, which: 'required' | 'every'): Json {
  const fields: Json = {};
  for (const c of columnsOf(e.columns)) {
    if (!c.schema) continue;
    // A rule that takes no value (optional, or with a default) makes the field optional.
    if (which === 'required' && c.schema.safeParse(undefined).success) continue;
    fields[c.name] = VALUE[c.type]();
  }
  return fields;
}

/** The entity's sample: made from its map, with what the entity says of its own on top. */
export function sampleOf(e: AnyEntity, own: Partial<Sample> = {}): Sample {
  return {
    table: drizzleTable(e.table),
    bare: () => body(e, 'required'),
    full: () => body(e, 'every'),
    serverSets: {},
    ...own,
  };
}

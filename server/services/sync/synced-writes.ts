/** The write rules shared by products and customers: upsert by client id, update, tombstone. */
import { randomUUID } from 'node:crypto';
import type { ApiSyncedRow, SyncRow } from '../../../src/domain/sync/rows';
import type { Outcome } from '../../db/idempotency';
import type { StoreTx, Tx } from '../../db/store-write';
import { ApiError } from '../../lib/api-input';

export type SyncedRow = { id: string; storeId: string; deletedAt: Date | null };

/**
 * The table-specific part of one synced entity (src/domain/sync/registry.ts) on the server: its
 * queries, a comparison, the serializers and the messages (the registry's).
 */
export type SyncedTable<Row extends SyncedRow, Fields, Api, Feed = Api> = {
  find(tx: Tx, id: string): Promise<Row | undefined>;
  /** Inserts with a new revision; undefined when the id was taken meanwhile (ON CONFLICT). */
  insert(
    tx: StoreTx,
    id: string,
    storeId: string,
    fields: Fields,
    now: Date,
  ): Promise<Row | undefined>;
  /** Updates with a new revision. */
  update(tx: StoreTx, id: string, fields: Fields, now: Date): Promise<Row | undefined>;
  /** Sets deleted_at with a new revision. */
  tombstone(tx: StoreTx, id: string, now: Date): Promise<void>;
  /**
   * The values a body writes over `row` (undefined: a create), when they are not the body's own
   * fields as given: a product's stock edit is a change from the count it started from.
   */
  resolve?(row: Row | undefined, body: Partial<Fields>): Partial<Fields>;
  sameFields(row: Row, fields: Fields): boolean;
  /** The row's editable fields, as a body carries them (what a partial PUT keeps). */
  fieldsOf(row: Row): Fields;
  toApi(row: Row): Api;
  /** The row as the delta feed carries it (its tombstone when deleted). */
  toSync(row: Row): SyncRow<Feed & ApiSyncedRow> & { revision: number };
  messages: { notFound: string; wasDeleted: string; gone: string };
  /**
   * The refusal of a write to this deleted row when it is not the usual one: a customer erased
   * at their request (LGPD) says so, and offers no re-creation.
   */
  deletedMessage?(row: Row): string | undefined;
};

/** One write of a synced entity: its table, the store's locked transaction, its store and clock. */
export type SyncedWrite<Row extends SyncedRow, Fields, Api> = {
  table: SyncedTable<Row, Fields, Api>;
  tx: StoreTx;
  storeId: string;
  now: Date;
};

async function applyUpdate<Row extends SyncedRow, Fields, Api>(
  { table, tx, now }: SyncedWrite<Row, Fields, Api>,
  row: Row,
  fields: Fields,
): Promise<Api> {
  // A replay of the same change returns the record as it is: no new revision, nothing to pull.
  if (table.sameFields(row, fields)) return table.toApi(row);
  const updated = await table.update(tx, row.id, fields, now);
  if (!updated) throw new ApiError(404, table.messages.notFound);
  return table.toApi(updated);
}

/** What a body writes over a row (or a create), by the table's own rule when it has one. */
function resolved<Row extends SyncedRow, Fields, Api, B extends Partial<Fields>>(
  table: SyncedTable<Row, Fields, Api>,
  row: Row | undefined,
  body: B,
): B {
  return table.resolve ? (table.resolve(row, body) as B) : body;
}

/** The store's row with this id; another store's or an unknown id is 404 (never confirmed). */
async function ownRow<Row extends SyncedRow, Fields, Api>(
  { table, tx, storeId }: SyncedWrite<Row, Fields, Api>,
  id: string,
): Promise<Row> {
  const existing = await table.find(tx, id);
  if (!existing || existing.storeId !== storeId) throw new ApiError(404, table.messages.notFound);
  return existing;
}

/**
 * POST: create, or replay of a create, keyed by the client's id. Another store's id is 404 (never
 * overwritten, never confirmed to exist); a deleted id is 410 so a late replay cannot silently
 * bring back what the owner removed.
 */
export async function upsertSynced<Row extends SyncedRow, Fields, Api>(
  write: SyncedWrite<Row, Fields, Api>,
  input: Fields & { id?: string },
): Promise<Outcome> {
  const { table, tx, storeId, now } = write;
  const { id = randomUUID(), ...rest } = input;
  const body = rest as Fields;
  // Most creates are new rows: try the insert first (one statement instead of two).
  const created = await table.insert(tx, id, storeId, resolved(table, undefined, body), now);
  if (created) return { status: 201, body: table.toApi(created) };
  // Taken by another store (or gone meanwhile): theirs, so not found for us.
  const existing = await ownRow(write, id);
  if (existing.deletedAt) {
    throw new ApiError(410, table.deletedMessage?.(existing) ?? table.messages.gone);
  }
  const fields = resolved(table, existing, body);
  return { status: 200, body: await applyUpdate(write, existing, fields) };
}

/**
 * PUT: unknown, another store's and deleted ids are all 404. `changes`: the fields the body
 * carried; the others keep the row's values.
 */
export async function updateSynced<Row extends SyncedRow, Fields, Api>(
  write: SyncedWrite<Row, Fields, Api>,
  id: string,
  changes: Partial<Fields> & { id?: string },
): Promise<Outcome> {
  const { table } = write;
  const { id: _bodyId, ...rest } = changes;
  const existing = await ownRow(write, id);
  // Still 404 (it is gone), but the owner's list of refused changes can say why.
  if (existing.deletedAt) {
    throw new ApiError(404, table.deletedMessage?.(existing) ?? table.messages.wasDeleted);
  }
  const body = rest as Partial<Fields>;
  const fields = { ...table.fieldsOf(existing), ...resolved(table, existing, body) } as Fields;
  return { status: 200, body: await applyUpdate(write, existing, fields) };
}

/** DELETE: a tombstone with a new revision so every device hears of it; again → still 204. */
export async function deleteSynced<Row extends SyncedRow, Fields, Api>(
  write: SyncedWrite<Row, Fields, Api>,
  id: string,
): Promise<Outcome> {
  const existing = await ownRow(write, id);
  if (!existing.deletedAt) await write.table.tombstone(write.tx, id, write.now);
  return { status: 204, body: {} };
}

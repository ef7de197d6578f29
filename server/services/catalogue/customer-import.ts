/**
 * Writes imported customers as an upsert, in chunks, each its own store-locked transaction (the
 * products' bulk path, csv-import.ts): by the row's id, else by phone (one customer per phone),
 * else a new customer whose id is derived from the store and the phone, so a retried or doubled
 * import ends with the same customers. Labels are added to the ones a customer has.
 */
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { CsvLineError } from '../../../src/domain/api-types';
import type { PromoBasis } from '../../../src/domain/consent';
import type { CustomerImportRow } from '../../../src/domain/customer-import';
import { duplicatePhoneMessage } from '../../../src/domain/duplicate-phone';
import { labelNameKey } from '../../../src/domain/label';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { rowCount, rowsOf } from '../../db/sql-rows';
import { type StoreTx, writeStore } from '../../db/store-write';
import { yieldToForeground } from '../../foreground';
import { recordImportedBasis } from '../consent/declared';
import { labelIdsFor } from '../labels/import-labels';
import { refreshCustomerStatistics } from '../maintenance/statistics';
import { chunks, derivedUuid, IMPORT_CHUNK_ROWS } from '../sync/import-chunks';
import { nextRevision } from '../sync/revision';

/** Imports at least this big refresh the statistics (a few rows change no plan). */
const STATISTICS_AFTER_ROWS = 1000;

export type ValidRow = Required<Pick<CustomerImportRow, 'line' | 'name' | 'phone'>> &
  Pick<CustomerImportRow, 'id' | 'labels'>;

type Known = { id: string; storeId: string; deleted: boolean; phone: string };

async function knownRows(tx: StoreTx, storeId: string, ids: string[], phones: string[]) {
  const byId = new Map<string, Known>();
  const byPhone = new Map<string, { id: string; name: string }>();
  const found = await tx
    .select({
      id: customers.id,
      storeId: customers.storeId,
      deletedAt: customers.deletedAt,
      phone: customers.phone,
    })
    .from(customers)
    .where(inArray(customers.id, ids));
  for (const f of found) byId.set(f.id, { ...f, deleted: f.deletedAt !== null });
  // The store's live customers of these numbers, oldest first (customers_store_phone_idx).
  const numbers = sql.join(
    phones.map((p) => sql`${p}`),
    sql`, `,
  );
  const live = rowsOf<{ id: string; name: string; phone: string }>(
    await tx.execute(sql`select id, name, phone from customers
      where store_id = ${storeId} and deleted_at is null and phone in (${numbers})
      order by created_at`),
  );
  for (const c of live) if (!byPhone.has(c.phone)) byPhone.set(c.phone, c);
  return { byId, byPhone };
}

/** The id a row writes, or the line's refusal. */
function idOf(
  row: ValidRow,
  storeId: string,
  known: Awaited<ReturnType<typeof knownRows>>,
): { id: string } | { error: string } {
  const holder = known.byPhone.get(row.phone);
  if (row.id !== undefined) {
    const current = known.byId.get(row.id);
    if (current && current.storeId !== storeId) return { error: 'Identificador inválido' };
    if (current?.deleted) return { error: 'Este cliente foi excluído.' };
    // One customer per phone: another customer of the store has this number.
    if (holder && holder.id !== row.id) return { error: duplicatePhoneMessage(holder.name) };
    return { id: row.id };
  }
  if (holder) return { id: holder.id };
  const derived = derivedUuid(`${storeId}\ncustomer\n${row.phone}`);
  // Taken by a deleted customer (or another store's): a new customer after all.
  return { id: known.byId.has(derived) ? randomUUID() : derived };
}

async function writeChunk(
  tx: StoreTx,
  storeId: string,
  rows: readonly ValidRow[],
  labelIds: ReadonlyMap<string, string>,
  seen: { ids: Set<string>; phones: Set<string> },
  errors: CsvLineError[],
  { now, basis }: { now: Date; basis: PromoBasis },
): Promise<number> {
  const derived = rows.map((r) => derivedUuid(`${storeId}\ncustomer\n${r.phone}`));
  const ids = [...new Set([...rows.flatMap((r) => (r.id ? [r.id] : [])), ...derived])];
  const known = await knownRows(tx, storeId, ids, [...new Set(rows.map((r) => r.phone))]);
  const values: { id: string; name: string; phone: string }[] = [];
  const joins: { customer_id: string; label_id: string }[] = [];
  for (const row of rows) {
    const chosen = seen.phones.has(row.phone)
      ? { error: 'Telefone repetido' }
      : idOf(row, storeId, known);
    if ('error' in chosen || seen.ids.has(chosen.id)) {
      const error = 'error' in chosen ? chosen.error : 'Identificador repetido';
      errors.push({ line: row.line, message: `Linha ${row.line}: ${error}` });
      continue;
    }
    seen.ids.add(chosen.id);
    seen.phones.add(row.phone);
    values.push({ id: chosen.id, name: row.name, phone: row.phone });
    for (const name of row.labels ?? []) {
      const labelId = labelIds.get(labelNameKey(name));
      if (labelId) joins.push({ customer_id: chosen.id, label_id: labelId });
    }
  }
  if (values.length === 0) return 0;
  const stamp = now.toISOString();
  // A new customer imported without a basis is out of promotions (nobody asked); an existing
  // one keeps its consent (the conflict's update leaves opted_out alone).
  const out = basis === 'none';
  // One JSON parameter per chunk, as the products' import (same on PGlite and node-postgres).
  const result = await tx.execute<{ id: string; inserted: boolean }>(sql`
    insert into ${customers}
      (id, store_id, name, phone, opted_out, opted_out_at, revision, created_at, updated_at)
    select r.id, ${storeId}::uuid, r.name, r.phone, ${out}, ${out ? stamp : null}::timestamptz,
           ${nextRevision(tx)}, ${stamp}::timestamptz, ${stamp}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(id uuid, name text, phone text)
    on conflict (id) do update set
      name = excluded.name, phone = excluded.phone, revision = ${nextRevision(tx)},
      updated_at = excluded.updated_at
    where ${customers.storeId} = excluded.store_id and ${customers.deletedAt} is null
    returning id, (xmax = 0) as inserted`);
  // The declared basis goes on record for the customers this chunk created (a retried import
  // updates them instead: no second event).
  const created = rowsOf<{ id: string; inserted: boolean }>(result).filter((r) => r.inserted);
  await recordImportedBasis(
    tx,
    storeId,
    created.map((r) => r.id),
    basis,
    now,
  );
  if (joins.length > 0) {
    await tx.execute(sql`
      insert into customer_labels (customer_id, label_id, store_id)
      select j.customer_id, j.label_id, ${storeId}::uuid
      from jsonb_to_recordset(${JSON.stringify(joins)}::jsonb) as j(customer_id uuid, label_id uuid)
      join ${customers} c on c.id = j.customer_id and c.store_id = ${storeId}::uuid
      -- A label deleted since the names were read is not added.
      join labels l on l.id = j.label_id and l.store_id = ${storeId}::uuid and l.deleted_at is null
      on conflict do nothing`);
  }
  return rowCount(result);
}

/**
 * Every valid row, chunk by chunk. Refused lines (another store's id, a deleted customer, a
 * number another customer has, a phone twice) are listed; the others are written.
 */
export async function importCustomerRows(
  db: Db,
  storeId: string,
  rows: readonly ValidRow[],
  clock: { now: Date; basis: PromoBasis },
): Promise<{ imported: number; labelsCreated: number; errors: CsvLineError[] }> {
  const { now } = clock;
  const errors: CsvLineError[] = [];
  const labels = await labelIdsFor(
    db,
    storeId,
    rows.flatMap((r) => r.labels ?? []),
    now,
  );
  const seen = { ids: new Set<string>(), phones: new Set<string>() };
  let imported = 0;
  for (const chunk of chunks(rows, IMPORT_CHUNK_ROWS)) {
    await yieldToForeground();
    imported += await writeStore(db, storeId, (tx) =>
      writeChunk(tx, storeId, chunk, labels.byKey, seen, errors, clock),
    );
  }
  // A big import changes what the audience count's plan should be: statistics refreshed after
  // the answer (PGlite has no autovacuum), without holding it.
  if (imported >= STATISTICS_AFTER_ROWS) void refreshCustomerStatistics(db);
  return { imported, labelsCreated: labels.created, errors };
}

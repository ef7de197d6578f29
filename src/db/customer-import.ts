/**
 * A customer spreadsheet imported on the device (issue 22), in the CSV worker: the preview's
 * plan, then the rows stored in one transaction (pending; new customers as deferred records)
 * with their upload's batches, then written row by row and sent to POST /api/customers/import
 * (queued offline like the products' import). One customer per phone: a number already on the
 * device updates that customer (its labels kept, the file's added); labels the store lacks are
 * created first, each an ordinary label save.
 */
import { DEFAULT_PROMO_BASIS, type PromoBasis } from '~/domain/consent';
import type { CustomerCsvRow } from '~/domain/customer-csv';
import { CUSTOMER_IMPORT_BATCH } from '~/domain/customer-import';
import { labelNameKey } from '~/domain/label';
import { customerEntity, labelEntity } from '~/domain/sync/registry';
import { type OutboxBatch, outboxRecords, sendImportOutbox } from './customer-import-outbox';
import type { DeferredPage, LocalCustomer, TaliDb } from './db';
import { DEFERRED_RECORD_ROWS, settleDeferred } from './deferred-pages';
import { nextStamp } from './local-writes';
import type { Acknowledgement } from './pending';
import { saveSynced } from './synced-repo';
import type { DeviceContext } from './transport';

export type ImportPlan = {
  creates: number;
  /** Customers whose number is already on the phone. */
  updates: number;
  /** Label names the store does not have yet, as first written in the file. */
  newLabels: string[];
};

export type CustomerImportResult = { written: number; imported: number; refused: number };

/**
 * Every customer on the device by number (the first by id where a number repeats, as the phone
 * index orders them), from one read of the table. Measured in Chromium's worker
 * (bench/customer-import.ts, docs/benchmarks.md): about as costly as the cursor over the phone
 * index it replaced, ~40 µs a customer, and read twice per import (plan, then store): the third
 * 10,000-row import in a row (20,000 on the phone) misses the 1.5 s budget because of it.
 */
async function customersByPhone(db: TaliDb): Promise<Map<string, LocalCustomer>> {
  const map = new Map<string, LocalCustomer>();
  for (const customer of await db.customers.toArray()) {
    if (!map.has(customer.phone)) map.set(customer.phone, customer);
  }
  return map;
}

/** The customers of the file's numbers already on the device. */
async function byPhone(db: TaliDb, rows: readonly CustomerCsvRow[]) {
  const all = await customersByPhone(db);
  const map = new Map<string, LocalCustomer>();
  for (const row of rows) {
    const found = all.get(row.phone);
    if (found) map.set(row.phone, found);
  }
  return map;
}

async function labelIdsByKey(db: TaliDb): Promise<Map<string, string>> {
  return new Map((await db.labels.toArray()).map((l) => [labelNameKey(l.name), l.id]));
}

function missingLabels(rows: readonly CustomerCsvRow[], known: Map<string, string>): string[] {
  const missing = new Map<string, string>();
  for (const row of rows) {
    for (const name of row.labels) {
      const key = labelNameKey(name);
      if (!known.has(key) && !missing.has(key)) missing.set(key, name);
    }
  }
  return [...missing.values()];
}

export async function planImport(db: TaliDb, rows: readonly CustomerCsvRow[]): Promise<ImportPlan> {
  await settleDeferred(db, [customerEntity]);
  const existing = await customersByPhone(db);
  const updates = rows.filter((r) => existing.has(r.phone)).length;
  const newLabels = missingLabels(rows, await labelIdsByKey(db));
  return { creates: rows.length - updates, updates, newLabels };
}

type Batch = OutboxBatch & { acks: Acknowledgement[] };

/**
 * The rows on the device, pending, and their upload's batches in the outbox: one transaction, so
 * a crash leaves all or none, and never rows that no batch will send. Customers already on the
 * phone are updated in their table; new ones are stored as deferred records of 2,500 rows
 * (deferred-pages.ts), a few ms each where 10,000 row records cost IndexedDB about a second, and
 * written row by row afterwards (`settleDeferred`), while every screen reads them merged.
 */
async function store(
  db: TaliDb,
  rows: readonly CustomerCsvRow[],
  labels: Map<string, string>,
  basis: PromoBasis,
): Promise<string> {
  const known = new Set(labels.values());
  const labelIds = labelIdsOf(labels);
  return db.transaction('rw', [db.customers, db.deferred, db.meta], async () => {
    // Read inside the write: no other save can land between the look-up and ours.
    const existing = await byPhone(db, rows);
    const inTable = new Set(existing.keys());
    const updated: LocalCustomer[] = [];
    const created: LocalCustomer[] = [];
    const createdAt = new Map<string, number>();
    const batches: Batch[] = [];
    for (const [i, row] of rows.entries()) {
      if (i % CUSTOMER_IMPORT_BATCH === 0) {
        batches.push({ key: crypto.randomUUID(), rows: [], acks: [], basis });
      }
      const batch = batches.at(-1) as Batch;
      const before = existing.get(row.phone);
      const kept = (before?.labels ?? []).filter((id) => known.has(id));
      const labelsOfRow = [...new Set([...kept, ...labelIds(row.labels)])];
      const id = before?.id ?? crypto.randomUUID();
      // The declared basis: a new customer without one is out until the server's copy comes.
      const fields = { name: row.name, phone: row.phone, labels: labelsOfRow, promoBasis: basis };
      const local = customerEntity.fromFields(id, fields, before, nextStamp(before?.updatedAt));
      // A number twice in one list (callers may pass any): the later row updates the same one.
      existing.set(row.phone, local);
      const at = createdAt.get(row.phone);
      if (inTable.has(row.phone)) updated.push(local);
      else if (at !== undefined) created[at] = local;
      else createdAt.set(row.phone, created.push(local) - 1);
      batch.acks.push({ id, stamp: local.updatedAt });
      batch.rows.push({ id, line: row.line, name: row.name, phone: row.phone, labels: row.labels });
    }
    const pages: DeferredPage[] = [];
    for (let start = 0; start < created.length; start += DEFERRED_RECORD_ROWS) {
      pages.push({
        table: customerEntity.table,
        rows: created.slice(start, start + DEFERRED_RECORD_ROWS),
      });
    }
    const { records, prefix } = outboxRecords(batches);
    // Queued back to back: one commit. A failure aborts the transaction, and the rest with it.
    await Promise.all([
      db.customers.bulkPut(updated),
      db.deferred.bulkAdd(pages),
      db.meta.bulkPut(records),
    ]);
    return prefix;
  });
}

/** Label names → ids, each name's key computed once (a file repeats a few names 10,000 times). */
function labelIdsOf(labels: Map<string, string>) {
  const byName = new Map<string, string | undefined>();
  return (names: readonly string[]): string[] =>
    names.flatMap((name) => {
      if (!byName.has(name)) byName.set(name, labels.get(labelNameKey(name)));
      return byName.get(name) ?? [];
    });
}

export type ImportProgress = {
  /** Every row is in IndexedDB (the screens show them): the owner may go on. */
  onStored?: () => void;
  /** The promotions basis the owner declared for the file's new customers (domain/consent.ts). */
  basis?: PromoBasis;
};

/**
 * Creates the missing labels and stores every row (then `onStored`), writes the deferred rows
 * into the table and sends the batches: the rows are in their table before any answer is read,
 * so its acknowledgement finds them.
 */
export async function importCustomers(
  rows: readonly CustomerCsvRow[],
  ctx: DeviceContext,
  { onStored = () => {}, basis = DEFAULT_PROMO_BASIS }: ImportProgress = {},
): Promise<CustomerImportResult> {
  const { db } = ctx;
  // Numbers are matched against every customer: pull pages still deferred are written first.
  await settleDeferred(db, [customerEntity]);
  const labels = await labelIdsByKey(db);
  for (const name of missingLabels(rows, labels)) {
    const { id } = await saveSynced(labelEntity, { name }, ctx);
    labels.set(labelNameKey(name), id);
  }
  const prefix = await store(db, rows, labels, basis);
  onStored();
  await settleDeferred(db, [customerEntity]);
  const { imported, refused } = await sendImportOutbox(ctx, prefix);
  return { written: rows.length, imported, refused };
}

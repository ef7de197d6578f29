/**
 * A customer spreadsheet imported on the device (issue 22), in the CSV worker: the preview's
 * plan, then the rows written to Dexie in one transaction (pending), then sent to
 * POST /api/customers/import in batches (queued offline like the products' import). One customer
 * per phone: a number already on the device updates that customer (its labels kept, the file's
 * added); labels the store lacks are created first, each an ordinary label save.
 */
import type { CustomerCsvRow } from '~/domain/customer-csv';
import { CUSTOMER_IMPORT_BATCH } from '~/domain/customer-import';
import { labelNameKey } from '~/domain/label';
import { customerEntity, labelEntity } from '~/domain/sync/registry';
import { type OutboxBatch, outboxRecords, sendImportOutbox } from './customer-import-outbox';
import type { LocalCustomer, TaliDb } from './db';
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

/** The device's customer id of each number: the phone index's keys only, no row read. */
async function idsByPhone(db: TaliDb): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  await db.customers.orderBy('phone').eachKey((phone, cursor) => {
    if (!ids.has(phone as string)) ids.set(phone as string, cursor.primaryKey as string);
  });
  return ids;
}

/** The customers of the file's numbers already on the device (only those rows are read). */
async function byPhone(db: TaliDb, rows: readonly CustomerCsvRow[]) {
  const ids = await idsByPhone(db);
  const matched = [...new Set(rows.flatMap((r) => ids.get(r.phone) ?? []))];
  const found = matched.length > 0 ? await db.customers.bulkGet(matched) : [];
  const map = new Map<string, LocalCustomer>();
  for (const c of found) if (c) map.set(c.phone, c);
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
  const existing = await idsByPhone(db);
  const updates = rows.filter((r) => existing.has(r.phone)).length;
  const newLabels = missingLabels(rows, await labelIdsByKey(db));
  return { creates: rows.length - updates, updates, newLabels };
}

/**
 * The rows on the device, pending, and their upload's batches in the outbox: one transaction, so
 * a crash leaves all or none, and never rows that no batch will send.
 */
async function store(
  db: TaliDb,
  rows: readonly CustomerCsvRow[],
  labels: Map<string, string>,
  onProgress: (written: number) => void,
): Promise<string> {
  const known = new Set(labels.values());
  return db.transaction('rw', [db.customers, db.meta], async () => {
    // Read inside the write: no other save can land between the look-up and ours.
    const existing = await byPhone(db, rows);
    const batches: (OutboxBatch & { acks: Acknowledgement[] })[] = [];
    // The chunks are queued back to back: IndexedDB does not wait for the next one to be built.
    const puts: Promise<unknown>[] = [];
    let written = 0;
    for (let start = 0; start < rows.length; start += CUSTOMER_IMPORT_BATCH) {
      const part = rows.slice(start, start + CUSTOMER_IMPORT_BATCH);
      const batch: (typeof batches)[number] = { key: crypto.randomUUID(), rows: [], acks: [] };
      const local: LocalCustomer[] = part.map((row) => {
        const before = existing.get(row.phone);
        const kept = (before?.labels ?? []).filter((id) => known.has(id));
        const added = row.labels.flatMap((name) => labels.get(labelNameKey(name)) ?? []);
        const id = before?.id ?? crypto.randomUUID();
        const fields = { name: row.name, phone: row.phone, labels: [...new Set([...kept, ...added])] };
        const local = customerEntity.fromFields(id, fields, before, nextStamp(before?.updatedAt));
        // A number twice in one list (callers may pass any): the later row updates the same one.
        existing.set(row.phone, local);
        batch.acks.push({ id, stamp: local.updatedAt });
        batch.rows.push({ id, line: row.line, name: row.name, phone: row.phone, labels: row.labels });
        return local;
      });
      batches.push(batch);
      written += local.length;
      const count = written;
      puts.push(db.customers.bulkPut(local).then(() => onProgress(count)));
    }
    const { records, prefix } = outboxRecords(batches);
    puts.push(db.meta.bulkPut(records));
    // On a failure the transaction aborts: the chunks still queued fail with it, unheard.
    await Promise.all(puts).catch((error) => {
      for (const put of puts) put.catch(() => {});
      throw error;
    });
    return prefix;
  });
}

/** Creates the missing labels, stores every row, then sends them in batches. */
export async function importCustomers(
  rows: readonly CustomerCsvRow[],
  ctx: DeviceContext,
  onProgress: (written: number) => void = () => {},
  /** Called once every row is in IndexedDB, before the upload (the benchmark times up to here). */
  onStored: () => void = () => {},
): Promise<CustomerImportResult> {
  const { db } = ctx;
  const labels = await labelIdsByKey(db);
  for (const name of missingLabels(rows, labels)) {
    const { id } = await saveSynced(labelEntity, { name }, ctx);
    labels.set(labelNameKey(name), id);
  }
  const prefix = await store(db, rows, labels, onProgress);
  onStored();
  const { imported, refused } = await sendImportOutbox(ctx, prefix);
  return { written: rows.length, imported, refused };
}

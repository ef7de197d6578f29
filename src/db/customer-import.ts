/**
 * A customer spreadsheet imported on the device (issue 22), in the CSV worker: the preview's
 * plan, then the rows written to Dexie in one transaction (pending), then sent to
 * POST /api/customers/import in batches (queued offline like the products' import). One customer
 * per phone: a number already on the device updates that customer (its labels kept, the file's
 * added); labels the store lacks are created first, each an ordinary label save.
 */
import type { CustomerCsvRow } from '~/domain/customer-csv';
import {
  CUSTOMER_IMPORT_BATCH,
  type CustomerImportResponse,
  type CustomerImportRow,
} from '~/domain/customer-import';
import { labelNameKey } from '~/domain/label';
import { importAckKey, importTag } from '~/domain/sync/protocol';
import { customerEntity, labelEntity } from '~/domain/sync/registry';
import type { LocalCustomer, TaliDb } from './db';
import { nextStamp } from './local-writes';
import { type MutationResult, sendMutation } from './mutations';
import { acknowledge } from './pending';
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

/** Rows per bulkPut inside the one write transaction. */
const WRITE_CHUNK = 2000;

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

/** The rows on the device, pending: one transaction, so a crash leaves all or none. */
async function store(
  db: TaliDb,
  rows: readonly CustomerCsvRow[],
  labels: Map<string, string>,
  onProgress: (written: number) => void,
): Promise<{ id: string; stamp: number }[]> {
  const known = new Set(labels.values());
  const saved: { id: string; stamp: number }[] = [];
  await db.transaction('rw', db.customers, async () => {
    // Read inside the write: no other save can land between the look-up and ours.
    const existing = await byPhone(db, rows);
    // The chunks are queued back to back: IndexedDB does not wait for the next one to be built.
    const puts: Promise<void>[] = [];
    for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
      const local: LocalCustomer[] = rows.slice(start, start + WRITE_CHUNK).map((row) => {
        const before = existing.get(row.phone);
        const kept = (before?.labels ?? []).filter((id) => known.has(id));
        const added = row.labels.flatMap((name) => labels.get(labelNameKey(name)) ?? []);
        const id = before?.id ?? crypto.randomUUID();
        const fields = {
          name: row.name,
          phone: row.phone,
          labels: [...new Set([...kept, ...added])],
        };
        const local = customerEntity.fromFields(id, fields, before, nextStamp(before?.updatedAt));
        // A number twice in one list (callers may pass any): the later row updates the same one.
        existing.set(row.phone, local);
        saved.push({ id, stamp: local.updatedAt });
        return local;
      });
      const count = saved.length;
      puts.push(db.customers.bulkPut(local).then(() => onProgress(count)));
    }
    // On a failure the transaction aborts: the chunks still queued fail with it, unheard.
    await Promise.all(puts).catch((error) => {
      for (const put of puts) put.catch(() => {});
      throw error;
    });
  });
  return saved;
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
  const saved = await store(db, rows, labels, onProgress);
  onStored();
  let imported = 0;
  let refused = 0;
  for (let start = 0; start < saved.length; start += CUSTOMER_IMPORT_BATCH) {
    const part = saved.slice(start, start + CUSTOMER_IMPORT_BATCH);
    const body: CustomerImportRow[] = part.map(({ id }, i) => {
      const row = rows[start + i] as CustomerCsvRow;
      return { id, line: row.line, name: row.name, phone: row.phone, labels: row.labels };
    });
    const result = await sendBatch(ctx, part, body);
    if (result.status === 'sent') {
      const answer = result.data as Partial<CustomerImportResponse> | undefined;
      imported += answer?.imported ?? part.length;
      refused += answer?.errors?.length ?? 0;
    } else if (result.status === 'refused' || result.status === 'unauthorized') {
      refused += part.length;
    }
  }
  return { written: saved.length, imported, refused };
}

/** One batch, with its rows' acknowledgement kept for whoever reads its answer (a replay too). */
async function sendBatch(
  ctx: DeviceContext,
  part: readonly { id: string; stamp: number }[],
  rows: CustomerImportRow[],
): Promise<MutationResult> {
  const key = crypto.randomUUID();
  await ctx.db.meta.put({ key: importAckKey(key), value: part });
  const result = await sendMutation(
    {
      method: 'POST',
      url: `${customerEntity.basePath}/import`,
      body: { rows },
      entity: null,
      tag: importTag(key),
      idempotencyKey: key,
    },
    ctx,
  );
  if (result.status === 'sent') {
    await acknowledge(ctx.db, 'customer', [...part]);
    await ctx.db.meta.delete(importAckKey(key));
  }
  return result;
}

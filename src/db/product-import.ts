/**
 * CSV import on the device: the valid rows go to Dexie in chunks (pending), then to
 * POST /api/products/import-csv as CSV text that carries the device's ids, so a replayed or
 * repeated import updates the same products instead of duplicating them.
 */
import type { ImportCsvResponse } from '~/domain/api-types';
import { buildProductCsv } from '~/domain/product-csv';
import { importAckKey, importTag } from '~/domain/sync/protocol';
import { productEntity } from '~/domain/sync/registry';
import { searchKey } from '~/domain/text';
import type { LocalProduct, TaliDb } from './db';
import { settleDeferred } from './deferred-pages';
import { nextStamp } from './local-writes';
import { type MutationResult, sendMutation } from './mutations';
import { acknowledge } from './pending';
import type { ProductFields } from './products-repo';
import type { DeviceContext } from './transport';

export const WRITE_CHUNK = 1000;
/**
 * Rows per read-write transaction: a 10,000-row file is one commit, while a 100,000-row file
 * still lets other writers (sync, the service worker) in every few seconds.
 */
export const TRANSACTION_ROWS = 10_000;
/** Chunks queued in IndexedDB at once: enough to keep it busy, without 100 chunks in memory. */
const PUTS_IN_FLIGHT = 3;
/** Rows per request: keeps each body well under the server's 5 MB CSV limit. */
export const SEND_CHUNK = 5000;

export type ImportResult = { written: number; results: MutationResult[]; imported: number };

/** The CSV sent to the server: the template's columns plus the device id of each row (no BOM). */
export function importCsvText(rows: readonly (ProductFields & { id: string })[]): string {
  return buildProductCsv(rows).slice(1);
}

type Previous = Pick<LocalProduct, 'id' | 'revision' | 'updatedAt'>;

/**
 * The catalogue by searchKey, for the names an import replaces (this runs in the CSV worker).
 * When the file is large next to the catalogue, one read of every row beats a bulkGet per chunk
 * (each get is its own request); otherwise only the [searchKey+id] index keys are read (no row
 * deserialised) and the replaced rows are fetched chunk by chunk.
 */
async function catalogueByKey(
  db: TaliDb,
  importing: number,
): Promise<{ ids: Map<string, string>; rows: Map<string, Previous> | null }> {
  const ids = new Map<string, string>();
  if ((await db.products.count()) <= 2 * importing) {
    const rows = new Map<string, Previous>();
    for (const row of await db.products.toArray()) {
      // Every row: a line with an id replaces that row, whatever its name.
      rows.set(row.id, row);
      if (!ids.has(row.searchKey)) ids.set(row.searchKey, row.id);
    }
    return { ids, rows };
  }
  const keys = (await db.products.orderBy('[searchKey+id]').keys()) as unknown as [
    string,
    string,
  ][];
  for (const [key, id] of keys) if (!ids.has(key)) ids.set(key, id);
  return { ids, rows: null };
}

async function previousRows(
  db: TaliDb,
  ids: (string | undefined)[],
  known: Map<string, Previous> | null,
): Promise<Map<string, Previous>> {
  if (known) return known;
  const matched = [...new Set(ids.filter((id) => id !== undefined))];
  const found = new Map<string, Previous>();
  if (matched.length > 0) {
    for (const row of await db.products.bulkGet(matched)) if (row) found.set(row.id, row);
  }
  return found;
}

export async function importProducts(
  rows: readonly (ProductFields & { id?: string })[],
  onProgress: (written: number) => void = () => {},
  ctx: DeviceContext,
  /** Called once every row is in IndexedDB, before the upload (benchmarks time up to here). */
  onStored: () => void = () => {},
): Promise<ImportResult> {
  const { db } = ctx;
  // Names are matched against the whole catalogue: pull pages still waiting to be written row by
  // row (a new phone's first seconds) are written first.
  await settleDeferred(db, [productEntity]);
  const withIds: (ProductFields & { id: string; stamp: number })[] = [];
  let written = 0;
  let idByKey = new Map<string, string>();
  let knownRows: Map<string, Previous> | null = null;
  for (let first = 0; first < rows.length; first += TRANSACTION_ROWS) {
    const part = rows.slice(first, first + TRANSACTION_ROWS);
    await db.transaction('rw', db.products, async () => {
      // A name already in the catalogue updates that product: importing twice never duplicates.
      // Read in the first write transaction: no other write can land between the read and ours.
      if (first === 0) ({ ids: idByKey, rows: knownRows } = await catalogueByKey(db, rows.length));
      const keys = part.map((r) => searchKey(r.name));
      // Only the products being replaced are read, to keep their revision and order stamps.
      const previousById = await previousRows(
        db,
        part.map((r, i) => r.id ?? idByKey.get(keys[i] ?? '')),
        knownRows,
      );
      // The chunks are queued back to back (PUTS_IN_FLIGHT at a time): IndexedDB does not wait
      // for the worker to build the next chunk, and the transaction commits once.
      const inFlight: Promise<void>[] = [];
      try {
        for (let start = 0; start < part.length; start += WRITE_CHUNK) {
          const chunk = part.slice(start, start + WRITE_CHUNK);
          const local: LocalProduct[] = chunk.map((r, i) => {
            const key = keys[start + i] ?? '';
            const knownId = idByKey.get(key);
            const id = r.id ?? knownId ?? crypto.randomUUID();
            // The row this line replaces is the one of its id (a line with an id replaces that
            // row even when another product has the same name): its revision and stamp go on.
            const previous = previousById.get(id);
            // Later rows of the same file with this name (already refused as duplicates by the
            // parser, but callers may pass any list) update the same product.
            if (knownId === undefined) idByKey.set(key, id);
            // The same row a save on the device writes (the registry's), with the same stamp rule.
            const row = productEntity.fromFields(id, r, previous, nextStamp(previous?.updatedAt));
            withIds.push({ ...r, id, stamp: row.updatedAt });
            return row;
          });
          inFlight.push(
            db.products.bulkPut(local).then(() => {
              written += chunk.length;
              onProgress(written);
            }),
          );
          if (inFlight.length >= PUTS_IN_FLIGHT) await inFlight.shift();
        }
        await Promise.all(inFlight);
      } catch (error) {
        // The transaction aborts: the chunks still queued fail with it.
        for (const put of inFlight) put.catch(() => {});
        throw error;
      }
    });
  }
  // User Timing mark for the benchmarks when this runs on the page; the worker reports onStored.
  performance.mark('tali:csv-stored');
  onStored();
  const results: MutationResult[] = [];
  let imported = 0;
  for (let start = 0; start < withIds.length; start += SEND_CHUNK) {
    const part = withIds.slice(start, start + SEND_CHUNK);
    const key = crypto.randomUUID();
    // The rows' acknowledgement, for the worker when the import is queued and replayed.
    await ctx.db.meta.put({
      key: importAckKey(key),
      value: part.map((r) => ({ id: r.id, stamp: r.stamp })),
    });
    const result = await sendMutation(
      {
        method: 'POST',
        url: '/api/products/import-csv',
        body: { csvData: importCsvText(part) },
        entity: null,
        tag: importTag(key),
        idempotencyKey: key,
      },
      ctx,
    );
    results.push(result);
    if (result.status === 'sent') {
      imported += (result.data as Partial<ImportCsvResponse> | undefined)?.imported ?? part.length;
      await acknowledgeImported(ctx, part);
      await ctx.db.meta.delete(importAckKey(key));
    }
  }
  return { written, results, imported };
}

/** Rows the server stored are no longer pending, unless edited again since (the next pull brings revisions). */
async function acknowledgeImported(
  ctx: DeviceContext,
  rows: readonly { id: string; stamp: number }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const part = rows.slice(start, start + WRITE_CHUNK);
    await acknowledge(
      ctx.db,
      'product',
      part.map((r) => ({ id: r.id, stamp: r.stamp })),
    );
  }
}

/**
 * CSV import on the device: the valid rows go to Dexie in chunks (pending), then to
 * POST /api/products/import-csv as CSV text that carries the device's ids, so a replayed or
 * repeated import updates the same products instead of duplicating them.
 */
import type { ImportCsvResponse } from '~/domain/api-types';
import { toCents } from '~/domain/money';
import { neutralizeCell } from '~/domain/product-csv';
import { searchKey } from '~/domain/text';
import type { LocalProduct, TaliDb } from './db';
import { type MutationResult, sendMutation } from './mutations';
import type { ProductFields } from './products-repo';
import { type DeviceContext, deviceContext } from './transport';

export const WRITE_CHUNK = 1000;
/** Rows per request: keeps each body well under the server's 5 MB CSV limit. */
export const SEND_CHUNK = 5000;

export type ImportResult = { written: number; results: MutationResult[]; imported: number };

const quote = (value: string) =>
  /[";,\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** The CSV sent to the server: the template's columns plus the device id of each row. */
export function importCsvText(rows: readonly (ProductFields & { id: string })[]): string {
  const lines = ['id;nome;descricao;preco;ativo'];
  for (const r of rows) {
    const cells = [r.name, r.description, r.price.replace('.', ','), r.active ? 'sim' : 'não'];
    lines.push([r.id, ...cells.map((c) => quote(neutralizeCell(c)))].join(';'));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The products already named like the imported rows. One parallel lookup per name: anyOf()
 * walks a cursor key by key, a round trip each, which took seconds per 1,000 rows.
 */
async function productsByKey(
  db: TaliDb,
  keys: string[],
  catalogueEmpty: boolean,
): Promise<Map<string, KnownProduct>> {
  const found = new Map<string, KnownProduct>();
  if (catalogueEmpty) return found;
  const rows = await Promise.all(keys.map((k) => db.products.where('searchKey').equals(k).first()));
  for (const row of rows) if (row) found.set(row.searchKey, row);
  return found;
}

const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export type KnownProduct = Pick<LocalProduct, 'id' | 'searchKey' | 'revision' | 'updatedAt'>;

export async function importProducts(
  rows: readonly (ProductFields & { id?: string })[],
  onProgress: (written: number) => void = () => {},
  ctx: DeviceContext = deviceContext,
  /** The catalogue by searchKey when the caller already holds it (the products screen does). */
  known?: ReadonlyMap<string, KnownProduct>,
): Promise<ImportResult> {
  const { db } = ctx;
  const withIds: (ProductFields & { id: string; stamp: number })[] = [];
  let written = 0;
  const catalogueEmpty = known !== undefined || (await db.products.count()) === 0;
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const chunk = rows.slice(start, start + WRITE_CHUNK);
    await db.transaction('rw', db.products, async () => {
      // A name already in the catalogue updates that product: importing twice never duplicates.
      const keys = chunk.map((r) => searchKey(r.name));
      const idByKey = known ?? (await productsByKey(db, keys, catalogueEmpty));
      const now = Date.now();
      const local: LocalProduct[] = chunk.map((r, i) => {
        const key = keys[i] ?? '';
        const previous = idByKey.get(key);
        const id = r.id ?? previous?.id ?? crypto.randomUUID();
        const stamp = Math.max(now, (previous?.updatedAt ?? 0) + 1);
        withIds.push({ ...r, id, stamp });
        return {
          id,
          name: r.name,
          description: r.description,
          price: r.price,
          priceCents: toCents(r.price),
          active: r.active ? 1 : 0,
          searchKey: key,
          revision: previous?.revision ?? 0,
          pending: 1,
          updatedAt: stamp,
        };
      });
      await db.products.bulkPut(local);
    });
    written += chunk.length;
    onProgress(written);
    await yieldToBrowser();
  }
  // User Timing marks let the benchmarks (bench/csv-import.ts) time the device-side part.
  performance.mark('tali:csv-stored');
  const results: MutationResult[] = [];
  let imported = 0;
  for (let start = 0; start < withIds.length; start += SEND_CHUNK) {
    const part = withIds.slice(start, start + SEND_CHUNK);
    const result = await sendMutation(
      {
        method: 'POST',
        url: '/api/products/import-csv',
        body: { csvData: importCsvText(part) },
        entity: null,
      },
      ctx,
    );
    results.push(result);
    if (result.status === 'sent') {
      imported += (result.data as Partial<ImportCsvResponse> | undefined)?.imported ?? part.length;
      await acknowledgeImported(ctx, part);
    }
  }
  return { written, results, imported };
}

/** Rows the server stored are no longer pending, unless edited again since (the next pull brings revisions). */
async function acknowledgeImported(
  ctx: DeviceContext,
  rows: readonly { id: string; stamp: number }[],
): Promise<void> {
  const { db } = ctx;
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    const part = rows.slice(start, start + WRITE_CHUNK);
    const stamps = new Map(part.map((r) => [r.id, r.stamp]));
    await db.products
      .where('id')
      .anyOf([...stamps.keys()])
      .modify((row) => {
        if (row.updatedAt === stamps.get(row.id)) row.pending = 0;
      });
  }
}

/**
 * Writes parsed CSV rows as an upsert: by the row's client id, else by name, else a new product.
 * In chunks, each its own store-locked transaction, so a 100,000-line file never holds the
 * database (on PGlite: its only connection) for more than one chunk at a time; between chunks it
 * gives way to the requests in flight (server/foreground.ts).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { CsvLineError } from '../../../src/domain/api-types';
import type { ParsedRow } from '../../../src/domain/product-csv';
import { searchKey } from '../../../src/domain/text';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { rowCount } from '../../db/sql-rows';
import { type StoreTx, writeStore } from '../../db/store-write';
import { yieldToForeground } from '../../foreground';
import { chunks, derivedUuid, IMPORT_CHUNK_ROWS } from '../sync/import-chunks';
import { nextRevision } from '../sync/revision';

/** Rows per page when reading the store's live names (keyset on the revision index). */
const NAME_PAGE = 1000;

/** The store's live products by name (accents and case ignored), read in short pages. */
async function liveIdsByName(db: Db, storeId: string): Promise<Map<string, string>> {
  const idByName = new Map<string, string>();
  let after = -1;
  for (;;) {
    const page = await db
      .select({ id: products.id, name: products.name, revision: products.revision })
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          isNull(products.deletedAt),
          gt(products.revision, after),
        ),
      )
      .orderBy(asc(products.revision))
      .limit(NAME_PAGE);
    for (const p of page) {
      const key = searchKey(p.name);
      if (!idByName.has(key)) idByName.set(key, p.id);
    }
    const last = page.at(-1);
    if (!last || page.length < NAME_PAGE) return idByName;
    after = last.revision;
    await yieldToForeground();
  }
}

/**
 * The id a new product of this name gets: derived from the store and the name, so that two runs
 * of one import (a retry racing the original, or a retry after a crash between chunks) create
 * the same product instead of two. Formatted as an RFC 9562 version 8 UUID.
 */
export function newProductId(storeId: string, name: string): string {
  return derivedUuid(`${storeId}\n${searchKey(name)}`);
}

type Existing = { storeId: string; deleted: boolean; name: string };
type Value = Pick<ParsedRow, 'name' | 'description' | 'price' | 'active'> & { id: string };

/**
 * One chunk, inside the store's locked transaction. The rows' ids are checked here, under the
 * lock, so a product deleted or renamed while the import runs is seen as it is now.
 */
async function writeChunk(
  tx: StoreTx,
  storeId: string,
  rows: readonly ParsedRow[],
  idByName: ReadonlyMap<string, string>,
  seenIds: Set<string>,
  errors: CsvLineError[],
  now: Date,
): Promise<number> {
  const candidate = rows.map(
    (r) => r.id ?? idByName.get(searchKey(r.name)) ?? newProductId(storeId, r.name),
  );
  const existing = new Map<string, Existing>();
  const found = await tx
    .select({
      id: products.id,
      storeId: products.storeId,
      deletedAt: products.deletedAt,
      name: products.name,
    })
    .from(products)
    .where(inArray(products.id, [...new Set(candidate)]));
  for (const f of found) {
    existing.set(f.id, { storeId: f.storeId, deleted: f.deletedAt !== null, name: f.name });
  }

  const values: Value[] = [];
  rows.forEach((row, i) => {
    let id = candidate[i] as string;
    const current = existing.get(id);
    if (row.id !== undefined) {
      if (current && current.storeId !== storeId) {
        errors.push({ line: row.line, message: `Linha ${row.line}: Identificador inválido` });
        return;
      }
      if (current?.deleted) {
        const message = `Linha ${row.line}: Este produto foi excluído; remova a coluna id para cadastrá-lo novamente`;
        errors.push({ line: row.line, message });
        return;
      }
    } else if (
      current &&
      (current.storeId !== storeId ||
        current.deleted ||
        searchKey(current.name) !== searchKey(row.name))
    ) {
      // The product this name pointed to was deleted or renamed meanwhile, or a product with the
      // derived id is no longer this name: a new product, as if the name had not been found.
      id = randomUUID();
    }
    if (seenIds.has(id)) {
      errors.push({ line: row.line, message: `Linha ${row.line}: Identificador repetido` });
      return;
    }
    seenIds.add(id);
    const { name, description, price, active } = row;
    values.push({ id, name, description, price, active });
  });
  if (values.length === 0) return 0;

  // One JSON parameter per chunk: a 1,000-row VALUES list built by the query builder is ~10×
  // slower, and JSON works the same on PGlite and node-postgres.
  const result = await tx.execute<{ id: string }>(sql`
    insert into ${products} (id, store_id, name, description, price, active, revision, created_at, updated_at)
    select r.id, ${storeId}::uuid, r.name, r.description, r.price, r.active,
           ${nextRevision(tx)}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as r(id uuid, name text, description text, price numeric, active boolean)
    on conflict (id) do update set
      name = excluded.name, description = excluded.description, price = excluded.price,
      active = excluded.active, revision = ${nextRevision(tx)}, updated_at = excluded.updated_at
    -- Belt and braces: the checks above already refused foreign and deleted ids.
    where ${products.storeId} = excluded.store_id and ${products.deletedAt} is null
    returning id`);
  return rowCount(result);
}

/**
 * A row id of another store or of a deleted product is refused for that line only (never
 * overwritten, never resurrected); a row without id updates the store's live product with the
 * same name (accents and case ignored), so importing an updated price list twice does not
 * duplicate the catalogue. Each chunk commits on its own: running the same rows again (a retry
 * after a crash midway, or a second run racing the first) ends with the same catalogue, because
 * every row is an upsert by an id that both runs agree on (the file's, the named product's, or
 * one derived from the store and the name).
 */
export async function importProductRows(
  db: Db,
  storeId: string,
  rows: readonly ParsedRow[],
  now: Date,
): Promise<{ imported: number; errors: CsvLineError[] }> {
  const errors: CsvLineError[] = [];
  // The device's files carry an id on every row: no need to read the names then.
  const idByName = rows.some((r) => r.id === undefined)
    ? await liveIdsByName(db, storeId)
    : new Map<string, string>();
  const seenIds = new Set<string>();
  let imported = 0;
  for (const chunk of chunks(rows, IMPORT_CHUNK_ROWS)) {
    await yieldToForeground();
    imported += await writeStore(db, storeId, (tx) =>
      writeChunk(tx, storeId, chunk, idByName, seenIds, errors, now),
    );
  }
  return { imported, errors };
}

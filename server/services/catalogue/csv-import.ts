/** Writes parsed CSV rows as an upsert: by the row's client id, else by name, else a new product. */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CsvLineError } from '../../../src/domain/api-types';
import type { ParsedRow } from '../../../src/domain/product-csv';
import { searchKey } from '../../../src/domain/text';
import { nextRevision, products } from '../../db/schema';
import type { Tx } from './store-lock';

/** 1,000 rows × 9 values stays far below PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Runs inside the store's locked transaction. A row id of another store or of a deleted product
 * is refused for that line only (never overwritten, never resurrected); a row without id updates
 * the store's live product with the same name (accents and case ignored), so importing an
 * updated price list twice does not duplicate the catalogue.
 */
export async function importProductRows(
  tx: Tx,
  storeId: string,
  rows: readonly ParsedRow[],
  now: Date,
): Promise<{ imported: number; errors: CsvLineError[] }> {
  const errors: CsvLineError[] = [];
  const live = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.storeId, storeId), isNull(products.deletedAt)));
  const idByName = new Map(live.map((p) => [searchKey(p.name), p.id]));

  const withId = rows.filter((r) => r.id !== undefined).map((r) => r.id as string);
  const owners = new Map<string, { storeId: string; deleted: boolean }>();
  for (const ids of chunks(withId, 5000)) {
    const found = await tx
      .select({ id: products.id, storeId: products.storeId, deletedAt: products.deletedAt })
      .from(products)
      .where(inArray(products.id, ids));
    for (const f of found) owners.set(f.id, { storeId: f.storeId, deleted: f.deletedAt !== null });
  }

  const values: (typeof products.$inferInsert)[] = [];
  const seenIds = new Set<string>();
  for (const row of rows) {
    let id = row.id;
    if (id !== undefined) {
      const owner = owners.get(id);
      if (owner && owner.storeId !== storeId) {
        errors.push({ line: row.line, message: `Linha ${row.line}: Identificador inválido` });
        continue;
      }
      if (owner?.deleted) {
        const message = `Linha ${row.line}: Este produto foi excluído; remova a coluna id para cadastrá-lo novamente`;
        errors.push({ line: row.line, message });
        continue;
      }
    } else {
      id = idByName.get(searchKey(row.name)) ?? randomUUID();
    }
    if (seenIds.has(id)) {
      errors.push({ line: row.line, message: `Linha ${row.line}: Identificador repetido` });
      continue;
    }
    seenIds.add(id);
    const { name, description, price, active } = row;
    values.push({ id, storeId, name, description, price, active, createdAt: now, updatedAt: now });
  }

  let imported = 0;
  for (const chunk of chunks(values, CHUNK)) {
    const written = await tx
      .insert(products)
      .values(chunk.map((v) => ({ ...v, revision: nextRevision })))
      .onConflictDoUpdate({
        target: products.id,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          price: sql`excluded.price`,
          active: sql`excluded.active`,
          revision: nextRevision,
          updatedAt: now,
        },
        // Belt and braces: the checks above already refused foreign and deleted ids.
        setWhere: sql`${products.storeId} = excluded.store_id and ${products.deletedAt} is null`,
      })
      .returning({ id: products.id });
    imported += written.length;
  }
  return { imported, errors };
}

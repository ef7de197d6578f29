/**
 * The owner's stock edit, applied as a change rather than a count (decision 018, "The owner's
 * stock edits"): an edit made offline reaches the server after orders took units, and writing
 * its count back would sell those units again.
 */
import { type ProductFields, STOCK_MAX } from '../../../src/domain/product';

/**
 * The count a product keeps after the owner's edit. `current`: the server's count (null: not
 * tracked; undefined: a new product); `stock`: what the owner set (null: tracking off);
 * `base`: the count the edit started from (absent: an absolute set). Tracked with a base: the
 * owner's difference over the server's count, never below zero (nor over the maximum).
 */
export function editedStock(
  current: number | null | undefined,
  stock: number | null,
  base: number | null | undefined,
): number | null {
  if (stock === null) return null;
  if (current === null || current === undefined || base === null || base === undefined) {
    return stock;
  }
  return Math.min(STOCK_MAX, Math.max(0, current + (stock - base)));
}

/**
 * A product body's values to write over `row` (undefined: a create): `stockBase` is not a
 * column, and a body without `stock` keeps the row's count (an older app, a script's partial PUT).
 */
export function resolveProductStock(
  row: { stock: number | null } | undefined,
  body: Partial<ProductFields>,
): Partial<ProductFields> {
  const { stockBase, ...fields } = body;
  if (fields.stock === undefined) {
    // The row's own count, so a replay of the same fields is seen as one (no new revision).
    return row ? { ...fields, stock: row.stock } : fields;
  }
  return { ...fields, stock: editedStock(row?.stock, fields.stock, stockBase) };
}

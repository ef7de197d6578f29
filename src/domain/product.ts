/** Products: the API body schema, the API and device shapes, and the device row builders. */
import { z } from 'zod';
import { clientId, optionalText, required } from './fields';
import { normalizePrice, PRICE_PATTERN, toCents } from './money';
import type { ApiSyncedRow, Flag, LocalSyncedRow } from './sync/rows';
import { searchKey } from './text';

export const priceSchema = z
  .string({ error: 'Preço é obrigatório' })
  .trim()
  .min(1, 'Preço é obrigatório')
  .regex(PRICE_PATTERN, 'Preço deve ser um número válido')
  .transform(normalizePrice);

/** POST /api/products and PUT /api/products/:id. */
export const productSchema = z.object({
  id: clientId.optional(),
  name: required('Nome do produto é obrigatório', 200),
  description: optionalText(1000),
  price: priceSchema,
  active: z.boolean({ error: 'Status inválido' }).default(true),
});

export type ProductInput = z.input<typeof productSchema>;
export type Product = z.output<typeof productSchema>;

/** A product as GET /api/products, POST and PUT return it. Prices are strings with two places. */
export type ApiProduct = ApiSyncedRow & {
  name: string;
  /** '' when the owner gave none. */
  description: string;
  /** Decimal string, always two places: "59.90". Never a number. */
  price: string;
  active: boolean;
  /** ISO 8601 timestamps (UTC). */
  createdAt: string;
  updatedAt: string;
};

/**
 * A product as the delta feed (GET /api/sync) carries it: the device keeps no timestamps, so the
 * feed leaves them out (formatting them was a quarter of the feed's cost on the embedded database).
 */
export type FeedProduct = Omit<ApiProduct, 'createdAt' | 'updatedAt'>;

/** What the product dialog produces (price already normalised: "59.90"). */
export type ProductFields = { name: string; description: string; price: string; active: boolean };

/** A product on the device (Dexie `products`). */
export type LocalProduct = LocalSyncedRow & {
  name: string;
  description: string;
  /** Decimal string with two places, as the API returns it ("59.90"). */
  price: string;
  /** Integer cents, for sorting by price. */
  priceCents: number;
  active: Flag;
};

/** A CSV line the import refused; `line` is the spreadsheet line (header = line 1). */
export type CsvLineError = { line: number; message: string };

/**
 * POST /api/products/import-csv. 200: `errors` only when some lines were refused. 400 when no line
 * is valid: `{ message, imported: 0, errors }`. 413: text over 5 MB or more than 100,000 lines.
 */
export type ImportCsvResponse = {
  message: string;
  imported: number;
  /** In line order, at most the first 1,000. */
  errors?: CsvLineError[];
};

export function localProductFromServer(p: FeedProduct, updatedAt = Date.now()): LocalProduct {
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? '',
    price: p.price,
    priceCents: toCents(p.price),
    active: p.active ? 1 : 0,
    searchKey: searchKey(p.name),
    revision: Number(p.revision) || 0,
    pending: 0,
    updatedAt,
  };
}

/** The row a save on the device writes (pending until the server acknowledges it). */
export function localProductFromFields(
  id: string,
  fields: ProductFields,
  previous: LocalProduct | undefined,
  updatedAt: number,
): LocalProduct {
  return {
    id,
    ...productBody(fields),
    priceCents: toCents(fields.price),
    active: fields.active ? 1 : 0,
    searchKey: searchKey(fields.name),
    revision: previous?.revision ?? 0,
    pending: 1,
    updatedAt,
  };
}

export function productBody(fields: ProductFields): ProductFields {
  return {
    name: fields.name,
    description: fields.description,
    price: fields.price,
    active: fields.active,
  };
}

export const sameProductContent = (a: LocalProduct, b: LocalProduct): boolean =>
  a.name === b.name &&
  a.description === b.description &&
  a.priceCents === b.priceCents &&
  a.active === b.active;

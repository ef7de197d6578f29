/** Products: the API body schema, the API and device shapes, and the device row builders. */
import { z } from 'zod';
import { optionalText, required } from './fields';
import { normalizePrice, PRICE_PATTERN, toCents } from './money';
import { PRODUCT_PHOTOS } from './photo';
import { type ChildDescriptor, childrenToDevice, type DeviceChildrenOf } from './sync/children';
import {
  editable,
  type FeedRowOf,
  type FieldsOfMap,
  type ListRowOf,
  syncedMap,
} from './sync/columns';
import { bodySchema, deviceRules, type LocalRowOf } from './sync/row-shape';

export const priceSchema = z
  .string({ error: 'Preço é obrigatório' })
  .trim()
  .min(1, 'Preço é obrigatório')
  .regex(PRICE_PATTERN, 'Preço deve ser um número válido')
  .transform(normalizePrice);

export const STOCK_MAX = 1_000_000;
export const STOCK_MESSAGES = {
  invalid: 'Quantidade em estoque deve ser um número inteiro, 0 ou mais',
  tooMany: 'Quantidade em estoque deve ser no máximo 1.000.000',
  missing: 'Informe a quantidade em estoque',
};

/** A count of units: an integer from 0 to 1,000,000 (a JSON number, never a string). */
export const stockCount = z
  .number({ error: STOCK_MESSAGES.invalid })
  .int(STOCK_MESSAGES.invalid)
  .min(0, STOCK_MESSAGES.invalid)
  .max(STOCK_MAX, STOCK_MESSAGES.tooMany);

/**
 * A product's fields, each once: SQL column, type, API and device field, feed/list inclusion and,
 * for what the owner edits, its rule (docs/decisions/009-synced-entity-registry.md).
 */
export const PRODUCT_COLUMNS = syncedMap({
  name: editable('text', 'name', required('Nome do produto é obrigatório', 200)),
  /** '' when the owner gave none. */
  description: editable('text', 'description', optionalText(1000)),
  /** Decimal string, always two places: "59.90". Never a number. */
  price: editable('money', 'price', priceSchema),
  active: editable('boolean', 'active', z.boolean({ error: 'Status inválido' }).default(true)),
  /**
   * Units on the shelf, or null when not tracked ('Controlar estoque' off). Orders move it on
   * the server (server/services/orders/stock.ts); the owner's edit is applied there as a change
   * from `stockBase` (below), so a replayed offline edit never undoes a sale. Absent = unchanged
   * (an older app's whole-record PUT, the CSV import). Decision 018, "The owner's stock edits".
   */
  stock: editable('integer', 'stock', stockCount.nullable().optional(), { nullable: true }),
});

/**
 * POST /api/products and PUT /api/products/:id: the map's editable fields, and `stockBase`, the
 * count the owner's edit started from (the device's count before the edit), never stored.
 */
export const productSchema = bodySchema(PRODUCT_COLUMNS).extend({
  stockBase: stockCount.nullable().optional(),
});

export type ProductInput = z.input<typeof productSchema>;
export type Product = z.output<typeof productSchema>;

/** A product as GET /api/products, POST and PUT return it. */
export type ApiProduct = ListRowOf<typeof PRODUCT_COLUMNS>;

/** A product as the delta feed (GET /api/sync) carries it: the API's without its timestamps. */
export type FeedProduct = FeedRowOf<typeof PRODUCT_COLUMNS>;

/**
 * What the product dialog produces (price already normalised: "59.90"), with the count its
 * stock edit started from (`stockBase`, sent in the body, not kept on the row).
 */
export type ProductFields = FieldsOfMap<typeof PRODUCT_COLUMNS> & { stockBase?: number | null };

/** Index-only fields of a device product. */
type ProductExtras = {
  /** Integer cents, for sorting by price. */
  priceCents: number;
};

/**
 * A product on the device (Dexie `products`), with its photos as the server lists them (the
 * device fetches their small size: src/features/products/photos/photo-mirror.ts). Rows written
 * before photos travelled have none.
 */
export type LocalProduct = LocalRowOf<typeof PRODUCT_COLUMNS, ProductExtras> & {
  photos?: DeviceChildrenOf<typeof PRODUCT_PHOTOS>;
};

const base = deviceRules(PRODUCT_COLUMNS, {
  searchBy: 'name',
  extras: (row): ProductExtras => ({ priceCents: toCents(row.price) }),
});

/** The device's product rows, derived from the map, keeping the server's photo list. */
export const productRows = {
  ...base,
  fromServer(row: FeedProduct, updatedAt: number): LocalProduct {
    const { photos } = row as { photos?: FeedRowOf<typeof PRODUCT_PHOTOS.columns>[] };
    return { ...base.fromServer(row, updatedAt), photos: childrenToDevice(PRODUCT_PHOTOS, photos) };
  },
  fromFields(
    id: string,
    fields: ProductFields,
    previous: Partial<LocalProduct> | undefined,
    updatedAt: number,
  ): LocalProduct {
    return { ...base.fromFields(id, fields, previous, updatedAt), photos: previous?.photos ?? [] };
  },
  /** The body, with the count a stock edit started from when the save gives one. */
  body(fields: ProductFields): ProductFields {
    const body: ProductFields = base.body(fields);
    return fields.stockBase === undefined ? body : { ...body, stockBase: fields.stockBase };
  },
  /** The owner's fields (photos are not edited through the row): typed for the whole row. */
  sameContent(local: LocalProduct, incoming: LocalProduct): boolean {
    return base.sameContent(local, incoming);
  },
};

/** What the registry entry holds besides the descriptor (src/domain/sync/registry.ts). */
export const productRules = {
  columns: PRODUCT_COLUMNS,
  schema: productSchema,
  /** A product's photos travel in its rows (photo.ts). */
  children: [PRODUCT_PHOTOS] as const satisfies readonly ChildDescriptor[],
  ...productRows,
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

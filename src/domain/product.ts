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
  field,
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
   * Units on the shelf, or null when not tracked. The server's: confirming an order takes from
   * it under the store's lock (server/services/orders/stock.ts), so no device writes it with a
   * whole-record PUT (decision 018); the API's rows carry it, the feed does not yet.
   */
  stock: field('integer', 'stock', { nullable: true, feed: false, device: false }),
});

/** POST /api/products and PUT /api/products/:id. */
export const productSchema = bodySchema(PRODUCT_COLUMNS);

export type ProductInput = z.input<typeof productSchema>;
export type Product = z.output<typeof productSchema>;

/** A product as GET /api/products, POST and PUT return it. */
export type ApiProduct = ListRowOf<typeof PRODUCT_COLUMNS>;

/** A product as the delta feed (GET /api/sync) carries it: the API's without its timestamps. */
export type FeedProduct = FeedRowOf<typeof PRODUCT_COLUMNS>;

/** What the product dialog produces (price already normalised: "59.90"). */
export type ProductFields = FieldsOfMap<typeof PRODUCT_COLUMNS>;

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

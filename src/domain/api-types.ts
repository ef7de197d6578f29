/** JSON shapes of the catalogue API (/api/products, /api/customers, /api/sync) shared by device and server. */

/** A product as GET /api/products, POST and PUT return it. Prices are strings with two places. */
export type ApiProduct = {
  id: string;
  name: string;
  /** '' when the owner gave none. */
  description: string;
  /** Decimal string, always two places: "59.90". Never a number. */
  price: string;
  active: boolean;
  /** Server-assigned sync revision of this state (bigint sequence; fits a JS number). */
  revision: number;
  /** ISO 8601 timestamps (UTC). */
  createdAt: string;
  updatedAt: string;
};

/** A customer as GET /api/customers, POST and PUT return it. */
export type ApiCustomer = {
  id: string;
  name: string;
  /** National digits: DDD + number, 10 or 11 digits ("11987654321"). */
  phone: string;
  /** LGPD opt-out: never sent campaigns while true. */
  optedOut: boolean;
  revision: number;
  createdAt: string;
  updatedAt: string;
};

/** A deleted row as GET /api/sync reports it: delete it on the device. */
export type ApiTombstone = { id: string; deleted: true; revision: number };

export type SyncProduct = (ApiProduct & { deleted: false }) | ApiTombstone;
export type SyncCustomer = (ApiCustomer & { deleted: false }) | ApiTombstone;

/**
 * GET /api/sync?since=<cursor> (cursor "0" the first time). Rows changed strictly after `since`,
 * each table ordered by revision. Store `cursor` and, while `hasMore`, call again with it.
 */
export type SyncResponse = {
  products: SyncProduct[];
  customers: SyncCustomer[];
  /** The new cursor (a non-negative integer as a string); equals `since` when nothing changed. */
  cursor: string;
  hasMore: boolean;
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

/**
 * Every non-2xx answer. Mutations: 400 invalid body, 404 unknown/foreign/deleted id (PUT, DELETE),
 * 410 POST of a deleted id, 422 Idempotency-Key reused on another route.
 */
export type ApiErrorBody = { message: string };

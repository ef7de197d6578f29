/**
 * The catalogue's mutations (spec §7), once: which method and path do what, how the body is
 * validated and what runs inside the store's transaction. The single routes
 * (routes/products.ts, routes/customers.ts) and the replay batch (routes/sync.ts) both go
 * through here, so a mutation replayed in a batch answers exactly what it would have alone.
 */
import type { z } from 'zod';
import { customerSchema, productSchema } from '../../../src/domain/schemas';
import { ApiError, validate } from '../../http';
import { cleanStrings } from './clean-input';
import { importCsvMutation } from './csv-import-route';
import { CUSTOMER_NOT_FOUND, customerTable } from './customers-repo';
import type { Reply, Work } from './idempotency';
import { PRODUCT_NOT_FOUND, productTable } from './products-repo';
import { isUuid } from './serialize';
import { deleteSynced, type SyncedTable, updateSynced, upsertSynced } from './synced-writes';

export type MutationContext = { storeId: string; now: Date };

/**
 * Validates the parsed JSON body (throws ApiError 4xx) and returns the work to run in the
 * store's transaction, or a Reply when the answer is known without touching the database.
 */
type Handler = (id: string | null, body: unknown, ctx: MutationContext) => Work | Reply;

type Mutation = { method: string; pattern: RegExp; handler: Handler };

/** One path segment: the row id, checked by the handler (a malformed one is 404). */
const SEGMENT = '([^/]+)';

function rowId(raw: string | null, notFound: string): string {
  if (!raw || !isUuid(raw)) throw new ApiError(404, notFound);
  return raw.toLowerCase();
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  return validate(schema, cleanStrings(body));
}

/** POST (upsert by the client's id), PUT /:id and DELETE /:id of one synced table. */
function crud<Fields>(
  base: string,
  schema: z.ZodType<Fields & { id?: string }>,
  // biome-ignore lint/suspicious/noExplicitAny: the row and API types do not matter here
  table: SyncedTable<any, Omit<Fields, 'id'>, unknown>,
  notFound: string,
): Mutation[] {
  const one = new RegExp(`^${base}/${SEGMENT}$`);
  return [
    {
      method: 'POST',
      pattern: new RegExp(`^${base}$`),
      handler: (_id, body, { storeId, now }) => {
        const input = parse(schema, body);
        return (tx) => upsertSynced(table, tx, storeId, input, now);
      },
    },
    {
      method: 'PUT',
      pattern: one,
      handler: (raw, body, { storeId, now }) => {
        const id = rowId(raw, notFound);
        const input = parse(schema, body);
        return (tx) => updateSynced(table, tx, storeId, id, input, now);
      },
    },
    {
      method: 'DELETE',
      pattern: one,
      handler: (raw, _body, { storeId, now }) => {
        const id = rowId(raw, notFound);
        return (tx) => deleteSynced(table, tx, storeId, id, now);
      },
    },
  ];
}

const MUTATIONS: Mutation[] = [
  // Before the generic /:id routes: 'import-csv' is not a row id.
  { method: 'POST', pattern: /^\/api\/products\/import-csv$/, handler: importCsvMutation },
  ...crud('/api/products', productSchema, productTable, PRODUCT_NOT_FOUND),
  ...crud('/api/customers', customerSchema, customerTable, CUSTOMER_NOT_FOUND),
];

export type FoundMutation = {
  /** "METHOD /path", what an Idempotency-Key is bound to. */
  route: string;
  prepare(body: unknown, ctx: MutationContext): Work | Reply;
};

/** The mutation a method and path name, or null (the caller answers 404). */
export function findMutation(method: string, path: string): FoundMutation | null {
  for (const m of MUTATIONS) {
    if (m.method !== method) continue;
    const match = m.pattern.exec(path);
    if (!match) continue;
    const id = match[1] ?? null;
    return {
      route: `${method} ${path}`,
      prepare: (body, ctx) => m.handler(id, body, ctx),
    };
  }
  return null;
}

/**
 * The catalogue's mutations (spec §7), once: which method and path do what, how the body is
 * validated and what runs inside the store's transaction (or, for a CSV import, in chunks). The single routes
 * (routes/products.ts, routes/customers.ts) and the replay batch (routes/sync.ts) both go
 * through here, so a mutation replayed in a batch answers exactly what it would have alone.
 */
import { z } from 'zod';
import { type AnySyncedEntity, SYNCED_ENTITIES } from '../../../src/domain/sync/registry';
import { ApiError, validate, validatePresent } from '../../http';
import { cleanStrings } from './clean-input';
import { importCsvMutation } from './csv-import-route';
import type { ChunkedWork, Reply, Work } from './idempotency';
import type { MutationContext } from './mutation-context';
import { isUuid } from './serialize';
import { type AnySyncedTable, SERVER_TABLES } from './synced-tables';
import { deleteSynced, updateSynced, upsertSynced } from './synced-writes';

export type { MutationContext };

/**
 * Validates the parsed JSON body (throws ApiError 4xx) and returns the work to run in the
 * store's transaction, or a Reply when the answer is known without touching the database.
 */
type Handler = (
  id: string | null,
  body: unknown,
  ctx: MutationContext,
) => Work | ChunkedWork | Reply;

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

/** A PUT that carries none of the record's fields. */
export const NOTHING_TO_CHANGE = 'Envie ao menos um campo para alterar';

/**
 * A PUT's body: only the fields it carries (each by its full rule), merged over the row inside
 * the transaction (updateSynced), so `{ price }` alone keeps the name, description and status. The
 * device always sends whole records (the registry's `body`), for which this is the same as parse.
 */
function parseChanges(schema: z.ZodType, body: unknown): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) return parse(schema, body) as Record<string, unknown>;
  const { id: _id, ...fields } = schema.shape;
  return validatePresent(z.object(fields), cleanStrings(body), NOTHING_TO_CHANGE);
}

/** POST (upsert by the client's id), PUT /:id and DELETE /:id of one synced entity. */
function crud(entity: AnySyncedEntity, table: AnySyncedTable): Mutation[] {
  const { basePath: base, schema } = entity;
  const { notFound } = entity.messages;
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
        const changes = parseChanges(schema, body);
        return (tx) => updateSynced(table, tx, storeId, id, changes, now);
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

type ExtraPath = {
  [E in (typeof SYNCED_ENTITIES)[number] as E['kind']]: `${E['basePath']}${E['extraPosts'][number]}`;
}[(typeof SYNCED_ENTITIES)[number]['kind']];

/** The registry's extra POSTs (`extraPosts`): every one must have its handler here. */
const EXTRA_POSTS: Record<ExtraPath, Handler> = {
  '/api/products/import-csv': importCsvMutation,
};

const escapeRegExp = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Built from the registry: every synced entity's mutations, and nothing else. */
const MUTATIONS: Mutation[] = SYNCED_ENTITIES.flatMap((entity) => [
  // Before the generic /:id routes: 'import-csv' is not a row id.
  ...entity.extraPosts.map((extra) => ({
    method: 'POST',
    pattern: new RegExp(`^${escapeRegExp(entity.basePath + extra)}$`),
    handler: EXTRA_POSTS[`${entity.basePath}${extra}` as ExtraPath],
  })),
  ...crud(entity, SERVER_TABLES[entity.kind]),
]);

export type FoundMutation = {
  /** "METHOD /path", what an Idempotency-Key is bound to. */
  route: string;
  prepare(body: unknown, ctx: MutationContext): Work | ChunkedWork | Reply;
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

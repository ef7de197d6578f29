/**
 * The catalogue's mutations (spec §7), once, in a table keyed by entity and operation: how the
 * body is validated and what runs inside the store's write (or, for a CSV import, in chunks).
 * Built from the registry and the server's entity list (synced-tables.ts), with no line per
 * entity. The single routes (routes/products.ts, routes/customers.ts) name their entry; the
 * replay batch (routes/sync.ts) reads it from the item's method and path with `addressOf`. Both
 * then run the same entry, so a mutation replayed in a batch answers exactly what it would alone.
 */
import { z } from 'zod';
import {
  type AnySyncedEntity,
  type EntityKind,
  SYNCED_ENTITIES,
} from '../../../src/domain/sync/registry';
import { ApiError, cleanStrings, validate, validatePresent } from '../../lib/api-input';
import type { Crud, Handler, MutationContext } from '../sync/mutation-context';
import { isUuid } from '../sync/serialize';
import { deleteSynced, updateSynced, upsertSynced } from '../sync/synced-writes';
import { type AnySyncedTable, type ExtraOperation, SERVER_ENTITIES } from './synced-tables';

export type { Handler, MutationContext };

export type Operation = keyof Crud | ExtraOperation<EntityKind>;

/** Which entry of the table a request names, and the row id its path carries (PUT, DELETE). */
export type MutationAddress = { kind: EntityKind; operation: Operation; id: string | null };

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
function crud(entity: AnySyncedEntity, table: AnySyncedTable): Crud {
  const { schema } = entity;
  const { notFound } = entity.messages;
  return {
    create: ((_id, body, { storeId, now }) => {
      const input = parse(schema, body);
      return (tx) => upsertSynced({ table, tx, storeId, now }, input);
    }) satisfies Handler,
    update: ((raw, body, { storeId, now }) => {
      const id = rowId(raw, notFound);
      const changes = parseChanges(schema, body);
      return (tx) => updateSynced({ table, tx, storeId, now }, id, changes);
    }) satisfies Handler,
    delete: ((raw, _body, { storeId, now }) => {
      const id = rowId(raw, notFound);
      return (tx) => deleteSynced({ table, tx, storeId, now }, id);
    }) satisfies Handler,
  };
}

/**
 * Every synced entity's operations, derived from the registry and the server's entity list
 * (synced-tables.ts): the shared three, then what the entity adds or replaces. No line per entity.
 */
const MUTATIONS = new Map<EntityKind, Partial<Record<Operation, Handler>>>(
  SYNCED_ENTITIES.map((entity) => {
    const { table, operations } = SERVER_ENTITIES[entity.kind] as {
      table: AnySyncedTable;
      operations?: (crud: Crud) => Partial<Record<Operation, Handler>>;
    };
    const shared = crud(entity, table);
    return [entity.kind, { ...shared, ...operations?.(shared) }];
  }),
);

/** The handler of an address; an operation the entity does not have is the 404 of a route. */
export function handlerOf(address: MutationAddress): Handler | null {
  return MUTATIONS.get(address.kind)?.[address.operation] ?? null;
}

/**
 * The entry a replayed item's method and path name, as the spec's routes spell them (POST
 * /api/products, PUT /api/products/<id>, POST /api/products/import-csv…), or null (404).
 */
export function addressOf(method: string, path: string): MutationAddress | null {
  for (const entity of SYNCED_ENTITIES) {
    if (!path.startsWith(entity.basePath)) continue;
    const rest = path.slice(entity.basePath.length);
    if (rest === '')
      return method === 'POST' ? { kind: entity.kind, operation: 'create', id: null } : null;
    if (!/^\/[^/]+$/.test(rest)) continue;
    const extra = entity.extraPosts.find((p) => p === rest);
    if (method === 'POST' && extra) {
      return { kind: entity.kind, operation: extra.slice(1) as Operation, id: null };
    }
    if (method === 'PUT') return { kind: entity.kind, operation: 'update', id: rest.slice(1) };
    if (method === 'DELETE') return { kind: entity.kind, operation: 'delete', id: rest.slice(1) };
  }
  return null;
}

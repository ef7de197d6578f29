/**
 * What every catalogue mutation runs for (the caller's store and the request's clock) and the
 * shape of one entry of the mutation table. Its own module so that mutations.ts, the server's
 * entity list (synced-tables.ts) and the handlers an entity adds (csv-import-route.ts) share
 * them without importing each other.
 */
import type { ChunkedWork, Reply, Work } from '../../db/idempotency';

export type MutationContext = { storeId: string; now: Date };

/**
 * Validates the parsed JSON body (throws ApiError 4xx) and returns the work to run in the
 * store's write, or a Reply when the answer is known without touching the database.
 */
export type Handler = (
  id: string | null,
  body: unknown,
  ctx: MutationContext,
) => Work | ChunkedWork | Reply;

/** The three operations every synced entity has by default (mutations.ts `crud`). */
export type Crud = Record<'create' | 'update' | 'delete', Handler>;

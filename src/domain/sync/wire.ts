/** JSON shapes of the delta feed (GET /api/sync) and of the API's errors, shared by device and server. */
import type { AnyEntity, ApiOf, EntityKind, EntityTableName } from './registry';
import type { SyncRow } from './rows';

/** The feed rows of one table name ("products" → products and their tombstones). */
export type SyncRowsOf<T extends EntityTableName> = SyncRow<
  ApiOf<Extract<AnyEntity, { table: T }>>
>[];

/** Rows per page of GET /api/sync when the device does not ask (`limit`), and the most it may ask. */
export const SYNC_DEFAULT_PAGE = 1000;
export const SYNC_MAX_PAGE = 5000;

/**
 * GET /api/sync?since=<cursor>&limit=<rows> (cursor "0" the first time; `limit` 1–SYNC_MAX_PAGE,
 * SYNC_DEFAULT_PAGE when absent). Rows changed strictly after `since`,
 * one list per synced table (SYNCED_ENTITIES), each ordered by revision. Store `cursor` and,
 * while `hasMore`, call again with it.
 */
export type SyncResponse = { [T in EntityTableName]: SyncRowsOf<T> } & {
  /** The new cursor (a non-negative integer as a string); equals `since` when nothing changed. */
  cursor: string;
  hasMore: boolean;
};

/**
 * Response headers of GET /api/sync repeating the body's `cursor` and `hasMore` ("1"/"0"): a
 * device asks for the next page as soon as the headers arrive, while this page's body is still
 * read, parsed and written.
 */
export const SYNC_CURSOR_HEADER = 'Sync-Cursor';
export const SYNC_HAS_MORE_HEADER = 'Sync-Has-More';

/**
 * GET /api/sync/<table>/<id>: one row of the caller's store as the feed would carry it (a
 * tombstone when it was deleted); 404 when the store has no such row. What the device reads to
 * put one row back to the server's version (discarding a refused change).
 */
export type SyncRowResponse<K extends EntityKind = EntityKind> = SyncRow<
  ApiOf<Extract<AnyEntity, { kind: K }>>
>;

/**
 * Every non-2xx answer. Mutations: 400 invalid body, 404 unknown/foreign/deleted id (PUT, DELETE),
 * 410 POST of a deleted id, 422 Idempotency-Key reused on another route.
 */
export type ApiErrorBody = { message: string };

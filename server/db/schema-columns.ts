/**
 * Drizzle schema, the columns and the sequence every area shares (the sync revision,
 * timestamps, money), so each table says only what is its own. The store reference and the
 * synced set live in schema-store-columns.ts (they need `stores`, which uses these).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  numeric,
  pgSequence,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One sequence orders every synced change (products, customers): the sync cursor. Drawn only
 * through store-write.ts `nextRevision`, under the store's write lock.
 */
export const syncRevision = pgSequence('sync_revision', { startWith: 1 });

/** A point in time (timestamptz), null until it happens. */
export const at = (name: string) => timestamp(name, { withTimezone: true });
/** Reais with centavos, as numeric(10,2): exact, answered as a string by both drivers. */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const createdAt = () => at('created_at').notNull().defaultNow();
export const updatedAt = () => at('updated_at').notNull().defaultNow();
export const revision = () =>
  bigint('revision', { mode: 'number' }).notNull().default(sql`nextval('sync_revision')`);
/** Tombstone: deleted rows stay so the deletion reaches every device. */
export const deletedAt = () => at('deleted_at');
/** A server-drawn uuid key. */
export const uuidKey = () => uuid('id').primaryKey().defaultRandom();
/** A key the device draws (crypto.randomUUID()), so a replayed create is an upsert. */
export const clientKey = () => uuid('id').primaryKey();
/** The row belongs to the row `target` names, and goes with it (store, user, order…). */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

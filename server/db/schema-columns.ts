/** Drizzle schema, columns and the sequence every area shares (the sync revision, timestamps). */
import { sql } from 'drizzle-orm';
import { bigint, pgSequence, timestamp } from 'drizzle-orm/pg-core';

/**
 * One sequence orders every synced change (products, customers): the sync cursor. Drawn only
 * through store-write.ts `nextRevision`, under the store's write lock.
 */
export const syncRevision = pgSequence('sync_revision', { startWith: 1 });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const revision = () =>
  bigint('revision', { mode: 'number' }).notNull().default(sql`nextval('sync_revision')`);

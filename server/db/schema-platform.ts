/** Drizzle schema, platform tables: rate-limit counters and remembered idempotent answers. */
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt } from './schema-columns';
import { storeRef } from './schema-store-columns';

/**
 * Login and sign-up attempt counters (server/auth/rate-limit.ts), in the database so that every
 * API process on it counts together and a restart forgets nothing. `key` is a SHA-256 of what is
 * counted (e-mail, client address): no address or e-mail is stored in the clear.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: at('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/** Responses remembered per Idempotency-Key for operations that are not naturally idempotent. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    storeId: storeRef(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.key] })],
);

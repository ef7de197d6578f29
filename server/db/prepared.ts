/** Drizzle prepared queries built once per database and reused by every request. */
import type { Db } from './client';

/**
 * `build(db)` once per database (`.prepare('name')` at the end): the SQL text is not rebuilt per
 * call, PostgreSQL keeps the named statement's plan per connection, and PGlite its own (see
 * pglite-prepared.ts). For the hot per-request lookups only; values go in as placeholders.
 */
export function preparedPerDb<Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

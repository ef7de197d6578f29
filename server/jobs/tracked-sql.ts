/** pg-boss's queries, counted: the runner waits for the last ones before the database closes. */
import type { ExecuteSql } from '../db/client';

export type TrackedSql = {
  executeSql: ExecuteSql;
  /**
   * Resolves once no query has been in flight for a few event-loop turns: a poll answered after
   * stop began hands its job back, and that follow-up query starts a turn or two later.
   */
  settle(): Promise<void>;
};

export function trackSql(inner: ExecuteSql): TrackedSql {
  const pending = new Set<Promise<unknown>>();
  return {
    executeSql(text, values) {
      const query = inner(text, values);
      pending.add(query);
      const done = () => pending.delete(query);
      query.then(done, done);
      return query;
    },
    async settle() {
      for (let quiet = 0; quiet < 3; ) {
        if (pending.size > 0) {
          quiet = 0;
          await Promise.allSettled([...pending]);
        } else {
          quiet += 1;
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    },
  };
}

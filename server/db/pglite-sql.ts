/** Raw SQL on the embedded database (pg-boss's `executeSql`), safe on PGlite's single connection. */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';

/** Set while code runs inside one of the app's transactions on this PGlite. */
const insideTransaction = new AsyncLocalStorage<true>();

export class SqlInsideTransactionError extends Error {
  constructor() {
    super(
      'Raw SQL (e.g. a job sent) from inside a database transaction would wait for that same ' +
        'transaction forever on PGlite: send it after the transaction commits.',
    );
  }
}

/**
 * PGlite has one connection: a transaction holds it until it ends and every other query waits.
 * Raw SQL issued from inside a transaction callback would wait for its own transaction: a hang.
 * Marking transaction callbacks lets `executeSql` refuse that case at once with a clear error.
 */
export function markTransactions(client: PGlite): void {
  const original = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    original((tx) => insideTransaction.run(true, () => callback(tx)));
}

/** pg-boss wraps its maintenance and migration scripts in one `BEGIN; …; COMMIT;` text. */
const WRAPPED = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/;

/** The last statement that returned columns (a SELECT), as node-postgres would answer. */
function lastRows(results: Results[]): { rows: unknown[] } {
  return results.findLast((r) => r.fields.length > 0) ?? results.at(-1) ?? { rows: [] };
}

/**
 * `executeSql(text, values)` for PGlite. With values: one statement (extended protocol). Without:
 * possibly several statements (simple protocol). A `BEGIN; …; COMMIT;` script runs as a PGlite
 * transaction: a failure inside rolls back instead of leaving the only connection in an aborted
 * transaction, and nothing from the app can run between its statements.
 */
export function pgliteExecuteSql(client: PGlite) {
  return async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if (insideTransaction.getStore()) throw new SqlInsideTransactionError();
    if (values && values.length > 0) return client.query(text, values);
    const wrapped = WRAPPED.exec(text);
    const body = wrapped?.[1];
    if (body !== undefined) return lastRows(await client.transaction((tx) => tx.exec(body)));
    return lastRows(await client.exec(text));
  };
}

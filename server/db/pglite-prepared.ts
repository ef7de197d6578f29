/**
 * Named prepared statements for PGlite's `query` (what Drizzle and pg-boss call outside
 * transactions): one trip into the WASM PostgreSQL per query instead of six, and no parse or plan.
 *
 * Why: profiling the API (docs/benchmarks.md, issue 13) found ~70 % of a request's CPU inside
 * PGlite. Its `query` sends parse, describe, bind, describe, execute and sync as six separate
 * calls into the WASM module, parsing and planning the SQL every time. Here a query text is
 * parsed and described once, under a name; later calls send bind + execute + sync in one buffer.
 * Same results (the statement's row description is kept and reused), same errors, same locking
 * (PGlite's own transaction and query mutexes), and nothing is cached but the plan: every call
 * reads the database as it is now.
 */
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

/** Distinct query texts kept prepared; the oldest is closed beyond this (texts are code shapes). */
export const MAX_PREPARED = 500;

type BackendMessage = { name: string; dataTypeIDs?: number[] };
type Statement = { name: string; paramTypes: number[]; rowDescription: BackendMessage | null };

/** The parts of PGlite used here that its typings mark internal. */
type PGliteInternals = PGlite & {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
};

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The plan of a prepared statement went stale (DDL changed a table it reads): prepare again. */
function isStalePlan(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '0A000' || code === '26000';
}

/** Replaces `client.query` (not `tx.query` inside transactions) with the prepared-statement path. */
export function preparePgliteQueries(pglite: PGlite, max = MAX_PREPARED): void {
  const client = pglite as PGliteInternals;
  const original = client.query.bind(client);
  const statements = new Map<string, Statement>();
  const serialize = protocol.serialize;
  let counter = 0;
  const merged = new WeakMap<object, typeof client.parsers>();
  const mergedParsers = (extra: NonNullable<QueryOptions['parsers']>) => {
    let all = merged.get(extra);
    if (!all) {
      all = { ...client.parsers, ...extra };
      merged.set(extra, all);
    }
    return all;
  };

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const name = `tali_${++counter}`;
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const found = messages as BackendMessage[];
    const statement: Statement = {
      name,
      paramTypes: found.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [],
      rowDescription: found.find((m) => m.name === 'rowDescription') ?? null,
    };
    statements.set(text, statement);
    if (statements.size > max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      await client.execProtocol(
        concat([serialize.close({ type: 'S', name: oldest.name }), serialize.sync()]),
        { syncToFs: false },
      );
    }
    return statement;
  }

  async function run<T>(text: string, params: unknown[], options?: QueryOptions) {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last, so the oldest entry is the least recently used.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    const all = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    // PGlite merges per-query parsers into its few hundred defaults on every call; Drizzle passes
    // the same parsers object each time, so the merge is done once per object.
    const parsers = options?.parsers ? mergedParsers(options.parsers) : client.parsers;
    return parse.parseResults(all as never, parsers, {
      ...options,
      parsers: undefined,
    })[0] as Results<T>;
  }

  async function runOnce<T>(text: string, params: unknown[], options?: QueryOptions) {
    try {
      return await run<T>(text, params, options);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      statements.delete(text);
      return await run<T>(text, params, options);
    }
  }

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (options?.blob) return original<T>(text, params, options);
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        try {
          return await runOnce<T>(text, params, options);
        } catch (error) {
          // As PGlite's own query: the failed query travels with the error (Drizzle reports it).
          if (error && typeof error === 'object') Object.assign(error, { query: text, params });
          throw error;
        }
      }),
    );
  };
}

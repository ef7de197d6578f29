/**
 * The app over real HTTP: a server listening on a free port first, then the runtime built with
 * PUBLIC_URL set to that address (sandbox pages, BR Codes and webhooks point back at it). The
 * server answers through the runtime once it exists ("late-bound").
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Database } from '../../server/db/client';
import { openRuntime, type Runtime, type RuntimeOptions } from '../../server/runtime';
import { openTestDatabase, testEnv } from './test-app';

export type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;

export async function startListeningApp(
  options: {
    /** Env on top of testEnv({ PUBLIC_URL: <this server> }). */
    env?: Record<string, string>;
    services?: RuntimeOptions['services'];
    /**
     * Another app's database: this app is then a second API process on it, and closing this one
     * leaves the database to its owner (unless `closeDatabase`).
     */
    database?: Database;
    /** With `database`: close it with this app (its own connection pool). */
    closeDatabase?: boolean;
  } = {},
) {
  const database: Database = options.database
    ? options.closeDatabase
      ? options.database
      : { ...options.database, close: async () => {} }
    : await openTestDatabase();
  let late: Runtime | undefined;
  const server = serve({
    fetch: (req) => (late as Runtime).app.fetch(req),
    hostname: '127.0.0.1',
    port: 0,
  });
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const runtime = await openRuntime({
    env: testEnv({ PUBLIC_URL: base, ...options.env }),
    database,
    services: options.services,
  });
  late = runtime;

  async function close() {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await runtime.stop();
  }

  return { base, runtime, db: database.db, database, close };
}

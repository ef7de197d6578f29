/// <reference lib="webworker" />
/**
 * The pull off the main thread: the pages' JSON parsing, their conversion and their IndexedDB
 * writes (the same Dexie database as the page), then the deferred pages' row-by-row writes.
 * During a first pull of a big catalogue these are most of the work; on the page they delayed
 * every tap and paint. Dexie tells the page's screens of each write (they re-read, throttled).
 */
import { TaliDb } from '~/db/db';
import { settleDeferred } from '~/db/deferred-pages';
import { pull } from '~/db/sync-engine';
import { SYNCED_ENTITIES } from '~/domain/sync/registry';
import type { PullWorkerReply, PullWorkerRequest } from './pull-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let db: TaliDb | null = null;

scope.onmessage = async (event: MessageEvent<PullWorkerRequest>) => {
  const request = event.data;
  db ??= new TaliDb();
  if (request.type === 'warm') {
    // Opened ahead of the first pull (the login screen starts the worker): no reply.
    await db.open().catch(() => {});
    return;
  }
  const { token } = request;
  let reply: PullWorkerReply;
  try {
    const result = await pull(
      { db, transport: { fetch: (url, init) => fetch(url, init), token: () => token } },
      // The screens are on the page: it holds and releases their reads as pages arrive.
      {
        afterPage: async () => scope.postMessage({ type: 'page' } satisfies PullWorkerReply),
        done: () => {},
      },
    );
    reply = { type: 'pulled', result };
  } catch (error) {
    reply = { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
  // The pull started writing its deferred pages; the page hears when they are all written.
  await settleDeferred(db, SYNCED_ENTITIES).catch(() => {});
  scope.postMessage({ type: 'settled' } satisfies PullWorkerReply);
};

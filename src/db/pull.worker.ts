/// <reference lib="webworker" />
/**
 * The pull off the main thread: the pages' JSON parsing, their conversion and their IndexedDB
 * writes (the same Dexie database as the page), then the deferred pages' row-by-row writes.
 * During a first pull of a big catalogue these are most of the work; on the page they delayed
 * every tap and paint. Dexie tells the page's screens of each write (they re-read, throttled).
 */
import { TaliDb } from '~/db/db';
import { settleDeferred } from '~/db/deferred-pages';
import { DeviceStore } from '~/db/device-store';
import { NO_SCREENS } from '~/db/screen-reads';
import { SYNCED_ENTITIES } from '~/domain/sync/registry';
import { ApiRequestError } from '~/lib/api';
import type { PullWorkerReply, PullWorkerRequest } from './pull-protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
/** This worker's own handle of the device's database (opened once, kept between pulls). */
const db = new TaliDb();

scope.onmessage = async (event: MessageEvent<PullWorkerRequest>) => {
  const request = event.data;
  if (request.type === 'warm') {
    // Opened ahead of the first pull (the login screen starts the worker): no reply. A failure
    // to open shows again, reported, when the pull itself opens it.
    await db.open().catch(() => {});
    return;
  }
  // The page runs one pull at a time through this worker: a store per pull, with its token.
  const { token } = request;
  const store = new DeviceStore(db, { fetch: (url, init) => fetch(url, init), token: () => token });
  let reply: PullWorkerReply;
  try {
    const result = await store.pull({
      // The screens are on the page: it holds and releases their reads as pages arrive.
      afterPage: async () => scope.postMessage({ type: 'page' } satisfies PullWorkerReply),
      done: () => {},
      reads: NO_SCREENS,
    });
    reply = { type: 'pulled', result };
  } catch (error) {
    reply = {
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      status: error instanceof ApiRequestError ? error.status : undefined,
    };
  }
  scope.postMessage(reply);
  // The pull started writing its deferred pages; the page hears when they are all written.
  await settleDeferred(store.db, SYNCED_ENTITIES).catch((error: unknown) => console.error(error));
  scope.postMessage({ type: 'settled' } satisfies PullWorkerReply);
};

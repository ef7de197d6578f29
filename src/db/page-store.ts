/** Makes the page's device store: the page's database and HTTP client, pulls in the pull worker. */
import { db } from '~/db/db';
import { DeviceStore } from '~/db/device-store';
import { browserTransport } from '~/lib/api';
import { feedTurnsAfterPulls } from './conversations-feed';
import { pullThroughWorker } from './pull-protocol';

/** Called once, by the app root's provider (device-sync.tsx); nothing keeps the result but it. */
export function createPageStore(): DeviceStore {
  const store = new DeviceStore(db, browserTransport);
  pullThroughWorker(store);
  // The chats' newest turns after each pull, whether or not 'Conversas' is ever opened.
  feedTurnsAfterPulls(store);
  return store;
}

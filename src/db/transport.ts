/** What a device-layer call works with: the database and the HTTP transport (tests bring their own). */
import type { Transport } from '~/lib/api';
import type { TaliDb } from './db';
import type { ScreenReads } from './screen-reads';

export type { FetchLike, Transport } from '~/lib/api';
export { request } from '~/lib/api';

/**
 * The database and transport a repository call works with; `screens` when screens read from it
 * (the page's DeviceStore): a local write asks them to read at once.
 */
export type DeviceContext = { db: TaliDb; transport: Transport; screens?: ScreenReads };

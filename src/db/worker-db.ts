/** A worker's own connection to the device database (a worker cannot share the page's). */
import { TaliDb } from './db';

export function openWorkerDb(): TaliDb {
  return new TaliDb();
}

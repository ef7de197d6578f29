/** Customers on the device: writes go to Dexie first (pending) and then to /api/customers. */
import type { LocalCustomer } from '~/domain/customer';
import { customerEntity } from '~/domain/sync/registry';
import { searchKey } from '~/domain/text';
import type { TaliDb } from './db';
import { readMerged, readMergedRow } from './deferred-pages';
import { syncedWriters } from './synced-repo';
import type { DeviceContext } from './transport';

export type { CustomerFields } from '~/domain/customer';

const writers = syncedWriters(customerEntity);
export const saveCustomer = writers.save;
export const deleteCustomer = writers.remove;

/**
 * Another customer on the device with this phone (national digits), for the warning before a
 * save: the server refuses it too (409), but the owner should hear it before, offline included.
 */
export async function customerWithPhone(
  phone: string,
  exceptId: string | undefined,
  ctx: DeviceContext,
): Promise<LocalCustomer | undefined> {
  const other = (c: LocalCustomer) => c.phone === phone && c.id !== exceptId;
  const merged = await readMerged<LocalCustomer>(ctx.db, customerEntity);
  if (merged) return merged.find(other);
  return ctx.db.customers.where('phone').equals(phone).filter(other).first();
}

const bySearchKey = (a: LocalCustomer, b: LocalCustomer) =>
  a.searchKey < b.searchKey ? -1 : a.searchKey > b.searchKey ? 1 : 0;

/**
 * Every customer on the device by name, with the rows still in deferred records (an import's
 * new customers, a big pull page) as they will be written.
 */
export async function readCustomers(db: TaliDb): Promise<LocalCustomer[]> {
  const merged = await readMerged<LocalCustomer>(db, customerEntity);
  return merged ? merged.sort(bySearchKey) : db.customers.orderBy('searchKey').toArray();
}

/** One customer as the owner sees it (deferred records included). */
export function readCustomer(db: TaliDb, id: string): Promise<LocalCustomer | undefined> {
  return readMergedRow<LocalCustomer>(db, customerEntity, id);
}

/** These customers as the owner sees them (deferred records included), in the order asked. */
export async function readCustomersById(
  db: TaliDb,
  ids: readonly string[],
): Promise<(LocalCustomer | undefined)[]> {
  const merged = await readMerged<LocalCustomer>(db, customerEntity);
  if (!merged) return db.customers.bulkGet([...ids]);
  const byId = new Map(merged.map((c) => [c.id, c]));
  return ids.map((id) => byId.get(id));
}

/** How many customers the device has (deferred records included). */
export async function countCustomers(db: TaliDb): Promise<number> {
  return (await readMerged(db, customerEntity))?.length ?? db.customers.count();
}

/** Customers whose name contains `query` (accents and case ignored), by name. */
export async function searchCustomers(
  query: string,
  limit: number,
  ctx: DeviceContext,
): Promise<LocalCustomer[]> {
  const key = searchKey(query);
  const collection = key
    ? ctx.db.customers.orderBy('searchKey').filter((c) => c.searchKey.includes(key))
    : ctx.db.customers.orderBy('searchKey');
  return collection.limit(limit).toArray();
}

/** Customers on the device: writes go to Dexie first (pending) and then to /api/customers. */
import type { LocalCustomer } from '~/domain/customer';
import { customerEntity } from '~/domain/sync/registry';
import { searchKey } from '~/domain/text';
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
  return ctx.db.customers
    .where('phone')
    .equals(phone)
    .filter((c) => c.id !== exceptId)
    .first();
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

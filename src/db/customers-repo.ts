/** Customers on the device: writes go to Dexie first (pending) and then to /api/customers. */
import type { CustomerFields, LocalCustomer } from '~/domain/customer';
import { customerEntity } from '~/domain/sync/registry';
import { searchKey } from '~/domain/text';
import { deleteSynced, saveSynced, type WriteResult } from './synced-repo';
import { type DeviceContext, deviceContext } from './transport';

export type { CustomerFields } from '~/domain/customer';

export function saveCustomer(
  fields: CustomerFields & { id?: string },
  ctx: DeviceContext = deviceContext,
): Promise<WriteResult> {
  return saveSynced(customerEntity, fields, ctx);
}

export function deleteCustomer(
  id: string,
  ctx: DeviceContext = deviceContext,
): Promise<WriteResult> {
  return deleteSynced(customerEntity, id, ctx);
}

/** Customers whose name contains `query` (accents and case ignored), by name. */
export async function searchCustomers(
  query: string,
  limit: number,
  ctx: DeviceContext = deviceContext,
): Promise<LocalCustomer[]> {
  const key = searchKey(query);
  const collection = key
    ? ctx.db.customers.orderBy('searchKey').filter((c) => c.searchKey.includes(key))
    : ctx.db.customers.orderBy('searchKey');
  return collection.limit(limit).toArray();
}

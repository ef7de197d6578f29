/** Customers on the device: writes go to Dexie first (pending) and then to /api/customers. */
import { searchKey } from '~/domain/text';
import type { LocalCustomer } from './db';
import { clearLocalDelete, markLocalDelete } from './local-deletes';
import { acknowledge, deleteDeadLettersFor, nextStamp, revisionOf } from './local-writes';
import { sendMutation } from './mutations';
import type { WriteResult } from './products-repo';
import { type DeviceContext, deviceContext } from './transport';

/** What the customer dialog produces: phone as national digits ("11987654321"). */
export type CustomerFields = { name: string; phone: string };

export async function saveCustomer(
  fields: CustomerFields & { id?: string },
  ctx: DeviceContext = deviceContext,
): Promise<WriteResult> {
  const { db } = ctx;
  const id = fields.id ?? crypto.randomUUID();
  const body = { name: fields.name, phone: fields.phone };
  const { stamp, known } = await db.transaction('rw', db.customers, async () => {
    const previous = await db.customers.get(id);
    const row: LocalCustomer = {
      id,
      ...body,
      optedOut: previous?.optedOut ?? 0,
      searchKey: searchKey(fields.name),
      revision: previous?.revision ?? 0,
      pending: 1,
      createdAt: previous?.createdAt ?? new Date().toISOString(),
      updatedAt: nextStamp(previous?.updatedAt),
    };
    await db.customers.put(row);
    return { stamp: row.updatedAt, known: row.revision > 0 };
  });
  const entity = { kind: 'customer', id } as const;
  const result = await sendMutation(
    known
      ? { method: 'PUT', url: `/api/customers/${id}`, body, entity }
      : { method: 'POST', url: '/api/customers', body: { id, ...body }, entity },
    ctx,
  );
  if (result.status === 'sent')
    await acknowledge(db, 'customer', id, stamp, revisionOf(result.data));
  return { id, result };
}

export async function deleteCustomer(
  id: string,
  ctx: DeviceContext = deviceContext,
): Promise<WriteResult> {
  const { db } = ctx;
  await db.transaction('rw', [db.customers, db.meta], async () => {
    await db.customers.delete(id);
    await markLocalDelete(db, 'customer', id);
  });
  const result = await sendMutation(
    {
      method: 'DELETE',
      url: `/api/customers/${id}`,
      entity: { kind: 'customer', id },
      okStatuses: [404],
    },
    ctx,
  );
  if (result.status === 'sent') {
    await clearLocalDelete(db, 'customer', id);
    await deleteDeadLettersFor(db, 'customer', id);
  }
  return { id, result };
}

/**
 * Another customer on the device with this phone (national digits), for the warning before a
 * save: the server refuses it too (409), but the owner should hear it before, offline included.
 */
export async function customerWithPhone(
  phone: string,
  exceptId: string | undefined,
  ctx: DeviceContext = deviceContext,
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
  ctx: DeviceContext = deviceContext,
): Promise<LocalCustomer[]> {
  const key = searchKey(query);
  const collection = key
    ? ctx.db.customers.orderBy('searchKey').filter((c) => c.searchKey.includes(key))
    : ctx.db.customers.orderBy('searchKey');
  return collection.limit(limit).toArray();
}

/** Products on the device: writes go to Dexie first (pending) and then to /api/products. */
import { toCents } from '~/domain/money';
import { searchKey } from '~/domain/text';
import type { LocalProduct } from './db';
import { clearLocalDelete, markLocalDelete } from './local-deletes';
import { acknowledge, deleteDeadLettersFor, nextStamp, revisionOf } from './local-writes';
import { type MutationResult, sendMutation } from './mutations';
import { type DeviceContext, deviceContext } from './transport';

/** What the product dialog produces (price already normalised: "59.90"). */
export type ProductFields = { name: string; description: string; price: string; active: boolean };

export type WriteResult = { id: string; result: MutationResult };

export async function saveProduct(
  fields: ProductFields & { id?: string },
  ctx: DeviceContext = deviceContext,
): Promise<WriteResult> {
  const { db } = ctx;
  const id = fields.id ?? crypto.randomUUID();
  const body = {
    name: fields.name,
    description: fields.description,
    price: fields.price,
    active: fields.active,
  };
  const { stamp, known } = await db.transaction('rw', db.products, async () => {
    const previous = await db.products.get(id);
    const row: LocalProduct = {
      id,
      ...body,
      priceCents: toCents(fields.price),
      active: fields.active ? 1 : 0,
      searchKey: searchKey(fields.name),
      revision: previous?.revision ?? 0,
      pending: 1,
      updatedAt: nextStamp(previous?.updatedAt),
    };
    await db.products.put(row);
    return { stamp: row.updatedAt, known: row.revision > 0 };
  });
  // A row the server has never confirmed is (re)created with the upsert POST, so fixing a
  // refused create works; a known row is updated with the spec's PUT.
  const result = await sendMutation(
    known
      ? { method: 'PUT', url: `/api/products/${id}`, body, entity: { kind: 'product', id } }
      : {
          method: 'POST',
          url: '/api/products',
          body: { id, ...body },
          entity: { kind: 'product', id },
        },
    ctx,
  );
  if (result.status === 'sent')
    await acknowledge(db, 'product', id, stamp, revisionOf(result.data));
  return { id, result };
}

export async function deleteProduct(
  id: string,
  ctx: DeviceContext = deviceContext,
): Promise<WriteResult> {
  const { db } = ctx;
  await db.transaction('rw', [db.products, db.meta], async () => {
    await db.products.delete(id);
    await markLocalDelete(db, 'product', id);
  });
  const result = await sendMutation(
    {
      method: 'DELETE',
      url: `/api/products/${id}`,
      entity: { kind: 'product', id },
      okStatuses: [404],
    },
    ctx,
  );
  if (result.status === 'sent') {
    await clearLocalDelete(db, 'product', id);
    await deleteDeadLettersFor(db, 'product', id);
  }
  return { id, result };
}

/** Acting on a refused change: retry it as it was, or discard it and take the server's version back. */
import type { DeadLetter, LocalCustomer, LocalProduct } from '~/db/db';
import { clearLocalDelete } from '~/db/local-deletes';
import { type MutationResult, sendMutation } from '~/db/mutations';
import { localCustomerFromServer, localProductFromServer } from '~/db/server-rows';
import { type DeviceContext, deviceContext, requestHeaders } from '~/db/transport';
import type { ApiCustomer, ApiProduct } from '~/domain/api-types';
import { errorFromResponse } from '~/lib/api';

/** Sends the refused request again as it was (a delete or an import): a new attempt. */
export async function retryDeadLetter(
  letter: DeadLetter,
  ctx: DeviceContext = deviceContext,
): Promise<MutationResult> {
  await ctx.db.deadLetters.delete(letter.id);
  const kind = letter.entity === 'other' ? null : letter.entity;
  const result = await sendMutation(
    {
      method: letter.method as 'POST' | 'PUT' | 'DELETE',
      url: letter.url,
      body: letter.body === null ? undefined : (JSON.parse(letter.body) as unknown),
      entity: kind && letter.entityId ? { kind, id: letter.entityId } : null,
      okStatuses: letter.method === 'DELETE' ? [404] : undefined,
    },
    ctx,
  );
  if (result.status === 'sent' && kind && letter.entityId && letter.method === 'DELETE') {
    await clearLocalDelete(ctx.db, kind, letter.entityId);
  }
  return result;
}

/**
 * Drops the refused change: the row goes back to what the server holds (or disappears when the
 * server never had it). The spec's list endpoint is the one read that names any row by id.
 */
export async function discardDeadLetter(
  letter: DeadLetter,
  ctx: DeviceContext = deviceContext,
): Promise<void> {
  const { db } = ctx;
  const kind = letter.entity;
  const id = letter.entityId;
  if (kind === 'other' || !id) {
    await db.deadLetters.delete(letter.id);
    return;
  }
  const path = kind === 'product' ? '/api/products' : '/api/customers';
  const res = await ctx.transport.fetch(path, {
    method: 'GET',
    headers: requestHeaders(ctx.transport, {}, false),
    credentials: 'include',
  });
  if (!res.ok) throw await errorFromResponse(res);
  const list = (await res.json()) as (ApiProduct | ApiCustomer)[];
  const server = list.find((row) => row.id === id);
  await db.transaction('rw', [db.products, db.customers, db.meta, db.deadLetters], async () => {
    await db.deadLetters.filter((d) => d.entity === kind && d.entityId === id).delete();
    await clearLocalDelete(db, kind, id);
    if (kind === 'product') {
      if (server)
        await db.products.put(localProductFromServer(server as ApiProduct) satisfies LocalProduct);
      else await db.products.delete(id);
    } else if (server) {
      await db.customers.put(
        localCustomerFromServer(server as ApiCustomer) satisfies LocalCustomer,
      );
    } else {
      await db.customers.delete(id);
    }
  });
}
